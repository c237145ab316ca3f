/**
 * Where the wizard leads into the product. The account page for now; the jobs deck replaces it
 * when it lands, here and nowhere else.
 */
export const APP_HOME_PATH = '/account'
