import * as z from 'zod/mini';

// Every message zod writes on its own (wrong type, too long, …) comes out in Spanish, on the server and in
// the browser alike; messages the spec gives are set on the schemas themselves. zod/mini's `config` is the
// one classic zod uses too, and importing it here does not pull classic zod into the login page.
z.config(z.locales.es());
