#!/usr/bin/env bash
# Builds CORPUS (a folder of Markdown posts from generateCorpus in corpus.ts) with Hugo and
# Eleventy, minimal layouts, and prints each peer's whole-process wall time (median of RUNS) in
# seconds. `sitegen bench --peers` runs it (process.ts reads the three lines it prints).
# Usage: peers.sh CORPUS [RUNS]      Installs hugo (apt) and Eleventy (npm, in a temp folder) if missing.
set -euo pipefail
corpus=$(cd "$1" && pwd); runs=${2:-3}
work=${PEERS_DIR:-${TMPDIR:-/tmp}/ssg-peers}; mkdir -p "$work"
command -v hugo >/dev/null || { apt-get update -qq && apt-get install -y -qq hugo >/dev/null; }
if [ ! -x "$work/eleventy/node_modules/.bin/eleventy" ]; then
  mkdir -p "$work/eleventy" && (cd "$work/eleventy" && npm init -y >/dev/null && npm install -s @11ty/eleventy@3.1.2 >/dev/null)
fi
layout_head='<!doctype html><html lang="es"><head><meta charset="utf-8">'
# Hugo site
h=$work/hugo; rm -rf "$h"; mkdir -p "$h/content/posts" "$h/layouts/_default"; cp "$corpus"/*.md "$h/content/posts/"
printf 'baseURL = "https://example.org/"\ntitle = "Bench"\ndisableKinds = ["taxonomy","term","RSS","sitemap"]\n' > "$h/config.toml"
echo "$layout_head"'<title>{{ .Title }}</title><meta name="description" content="{{ .Params.excerpt }}"></head><body><header><nav><a href="/">Inicio</a></nav></header><main><article><h1>{{ .Title }}</h1><time>{{ .Date.Format "2 January 2006" }}</time>{{ .Content }}</article></main><footer>&copy;</footer></body></html>' > "$h/layouts/_default/single.html"
echo '<!doctype html><html><head><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>' > "$h/layouts/_default/list.html"
# Eleventy site
e=$work/eleventy; rm -rf "$e/site" "$e/_site"; mkdir -p "$e/site/posts" "$e/site/_includes"; cp "$corpus"/*.md "$e/site/posts/"
echo "$layout_head"'<title>{{ title }}</title><meta name="description" content="{{ excerpt }}"></head><body><header><nav><a href="/">Inicio</a></nav></header><main><article><h1>{{ title }}</h1><time>{{ date }}</time>{{ content | safe }}</article></main><footer>&copy;</footer></body></html>' > "$e/site/_includes/post.njk"
echo '{"layout":"post.njk"}' > "$e/site/posts/posts.json"
echo 'export default function () { return { dir: { input: "site", output: "_site" } }; }' > "$e/eleventy.config.mjs"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timeit() { local s=$EPOCHREALTIME; "$@" >/dev/null 2>&1; awk -v s="$s" -v e="$EPOCHREALTIME" 'BEGIN { printf "%.3f\n", e - s }'; }
hugo_t=$(for i in $(seq "$runs"); do (cd "$h" && timeit hugo --quiet); done | median)
eleventy_t=$(for i in $(seq "$runs"); do (cd "$e" && timeit ./node_modules/.bin/eleventy --quiet); done | median)
echo "posts $(ls "$corpus"/*.md | wc -l)"
echo "hugo_s $hugo_t"
echo "eleventy_s $eleventy_t"
