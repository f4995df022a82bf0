/** Where the REST API lives on the hub (versioned). */
export const API_PREFIX = '/api/v1';
