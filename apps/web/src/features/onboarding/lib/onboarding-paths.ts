/** Where the wizard leads into the product: the jobs deck. */
export const APP_HOME_PATH = '/jobs'
