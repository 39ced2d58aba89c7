import type { Country } from '../contract';

/** The build's country (SPEC section 1): `VITE_COUNTRY=LA` builds the Laos variant, anything else Thailand. */
export const COUNTRY: Country = import.meta.env.VITE_COUNTRY?.toUpperCase() === 'LA' ? 'LA' : 'TH';
