// Images and fonts resolve to their file name in jsdom tests.
export default 'test-file-stub';
