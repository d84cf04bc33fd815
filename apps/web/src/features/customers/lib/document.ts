// The document helpers live in the contracts (the API validates with them; the tickets' customer
// search formats with them too).
export { documentDigits, formatDocument } from '@atende/contracts';
