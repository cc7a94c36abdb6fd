/** What React says in the console or throws when a page's HTML and its hydration differ (#418, #423, #425). */
export const HYDRATION_ERROR = /Minified React error #(418|423|425)\b|hydrat/i
