import { createContext, useContext } from 'react';

/**
 * Whether the signed-in operator may only read the configuration (support, finance): the fields
 * show the values but take no typing, so nothing is offered that could not be saved.
 */
export const ConfigReadOnly = createContext(false);
export const useConfigReadOnly = () => useContext(ConfigReadOnly);
