// The web app's layer rules: see the next commit.
export default []
