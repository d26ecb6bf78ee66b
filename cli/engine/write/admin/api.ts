// Where `npm run cms` answers the editor's page, beside /admin/ on the same origin
// (commands/cms/routes.ts): the page asks `session` for the address of `backend` with this run's
// secret in it, then Decap's local backend reads and writes the working copy there.
export const editorApi = { session: '/admin/api/session', backend: '/admin/api/v1' } as const;
