/** Longest provider number the contract's providerCodeSchema accepts (it has no named constant yet). */
export const PROVIDER_CODE_MAX = 32;
