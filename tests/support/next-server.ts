// Jest calls route handlers directly, outside any request Next is serving, where `connection()`
// (which only says "render this at request time, not at build") has no request to wait for.
const nextServer = jest.requireActual<typeof import("next/server")>("next/server.js");

module.exports = { ...nextServer, connection: async () => {} };
