/**
 * Every method and path the app answers, read from Fastify's own route tree
 * (`app.printRoutes()`), so a route added tomorrow is fuzzed tomorrow without a list to keep.
 * The tree prints one node per line, indented four characters per level, each label the text
 * its node adds to its parent's path, and the methods of the nodes that are routes:
 *
 *   └── /
 *       ├── health (GET, HEAD)
 *       ├── rest/v1/
 *       │   └── :name (GET, HEAD, POST)
 */
export type RoutePattern = {
  method: string
  /** The path with Fastify's placeholders: `:name` parameters and a trailing `*`. */
  path: string
}

const NODE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/

export function parseRouteTree(tree: string): RoutePattern[] {
  const routes: RoutePattern[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const match = NODE.exec(line)
    if (!match) {
      continue
    }
    const [, indent = '', label = '', methods] = match
    const depth = indent.length / 4
    stack.length = depth
    stack.push(label)
    if (methods) {
      const path = stack.join('')
      for (const method of methods.split(', ')) {
        routes.push({ method, path })
      }
    }
  }
  return routes
}

/** The names of a pattern's parameters, in order (`*` for the wildcard). */
export function parametersOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*')
}
