// Stylesheets have no meaning in jsdom; tests import them as an empty module.
export default {};
