import { z } from 'zod';

// Every message zod writes on its own (wrong type, too long, …) comes out in Spanish, on the server and in
// the browser alike; messages the spec gives are set on the schemas themselves.
z.config(z.locales.es());
