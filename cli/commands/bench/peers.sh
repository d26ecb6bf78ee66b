#!/usr/bin/env bash
# Builds CORPUS (a folder of Markdown posts from generateCorpus in corpus.ts) with Hugo and
# Eleventy, minimal layouts. `sitegen bench --peers` runs it (process.ts reads the lines it prints),
# timing one build of each peer right before each of its own cold builds, so that both share the minute.
# Usage: peers.sh prepare CORPUS   installs hugo (apt) and Eleventy (npm, in a temp folder) if
#                                  missing, makes both sites and builds each once, untimed; prints posts
#        peers.sh time             builds each once more; prints hugo_s and eleventy_s, wall seconds
set -euo pipefail
work=${PEERS_DIR:-${TMPDIR:-/tmp}/ssg-peers}; h=$work/hugo; e=$work/eleventy
# A build that fails prints no time, which the bench reports (inside $(…), set -e stops nothing).
timeit() {
  local s=$EPOCHREALTIME
  "$@" >/dev/null 2>&1 || { echo "$* failed in $PWD" >&2; return 1; }
  awk -v s="$s" -v e="$EPOCHREALTIME" 'BEGIN { printf "%.3f\n", e - s }'
}
if [ "${1:-}" = time ]; then
  echo "hugo_s $(cd "$h" && timeit hugo --quiet)"
  echo "eleventy_s $(cd "$e" && timeit ./node_modules/.bin/eleventy --quiet)"
  exit 0
fi
[ "${1:-}" = prepare ] && [ -d "${2:-}" ] || { echo "usage: peers.sh prepare CORPUS | peers.sh time" >&2; exit 2; }
corpus=$(cd "$2" && pwd); mkdir -p "$work"
command -v hugo >/dev/null || { apt-get update -qq && apt-get install -y -qq hugo >/dev/null; }
if [ ! -x "$e/node_modules/.bin/eleventy" ]; then
  mkdir -p "$e" && (cd "$e" && npm init -y >/dev/null && npm install -s @11ty/eleventy@3.1.2 >/dev/null)
fi
layout_head='<!doctype html><html lang="es"><head><meta charset="utf-8">'
# Hugo site
rm -rf "$h"; mkdir -p "$h/content/posts" "$h/layouts/_default"; cp "$corpus"/*.md "$h/content/posts/"
printf 'baseURL = "https://example.org/"\ntitle = "Bench"\ndisableKinds = ["taxonomy","term","RSS","sitemap"]\n' > "$h/config.toml"
echo "$layout_head"'<title>{{ .Title }}</title><meta name="description" content="{{ .Params.excerpt }}"></head><body><header><nav><a href="/">Inicio</a></nav></header><main><article><h1>{{ .Title }}</h1><time>{{ .Date.Format "2 January 2006" }}</time>{{ .Content }}</article></main><footer>&copy;</footer></body></html>' > "$h/layouts/_default/single.html"
echo '<!doctype html><html><head><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>' > "$h/layouts/_default/list.html"
# Eleventy site
rm -rf "$e/site" "$e/_site"; mkdir -p "$e/site/posts" "$e/site/_includes"; cp "$corpus"/*.md "$e/site/posts/"
echo "$layout_head"'<title>{{ title }}</title><meta name="description" content="{{ excerpt }}"></head><body><header><nav><a href="/">Inicio</a></nav></header><main><article><h1>{{ title }}</h1><time>{{ date }}</time>{{ content | safe }}</article></main><footer>&copy;</footer></body></html>' > "$e/site/_includes/post.njk"
echo '{"layout":"post.njk"}' > "$e/site/posts/posts.json"
echo 'export default function () { return { dir: { input: "site", output: "_site" } }; }' > "$e/eleventy.config.mjs"
# One untimed build each, so that every timed one writes over an existing output folder.
(cd "$h" && hugo --quiet >/dev/null 2>&1) && (cd "$e" && ./node_modules/.bin/eleventy --quiet >/dev/null 2>&1)
echo "posts $(ls "$corpus"/*.md | wc -l)"
