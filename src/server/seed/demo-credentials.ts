/** How the demo organization's Admin signs in: `npm start` seeds it and prints these on start-up. */
export const DEMO_PASSWORD = 'Parley2026';
export const DEMO_ADMIN_EMAIL = 'admin@demo.parley.dev';
