// The server's layer rules. Filled in by the server structure work.
export default []
