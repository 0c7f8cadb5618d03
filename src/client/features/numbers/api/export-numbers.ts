/** The download of the whole collection (Content-Disposition: voip_numbers.json). */
export const EXPORT_URL = '/v1/numbers/export';
