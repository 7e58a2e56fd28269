// Component tests import components, and components import their CSS: in jest a stylesheet is nothing.
module.exports = {};
