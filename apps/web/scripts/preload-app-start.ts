import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'

/**
 * `<link rel="modulepreload">` in index.html for the app's start (`src/app.tsx`'s chunk and
 * every chunk it imports statically: React, the router, the route tree; and the tiny files of
 * its own dynamic imports, such as the route tree's, ADR 0037).
 *
 * The entry script imports the app only dynamically (src/main.tsx: it must run before the app's
 * code arrives, to send the page's first reads), so Vite preloads nothing of it from the HTML;
 * without these links the app's start would be requested only once the entry had arrived and
 * run, a round trip later on a phone's network.
 */
export function preloadAppStart(appModule = /[\\/]src[\\/]app\.tsx$/): Plugin {
  return {
    name: 'preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) {
          return []
        }
        const start = Object.values(bundle).find(
          (output): output is OutputChunk =>
            output.type === 'chunk' && appModule.test(output.facadeModuleId ?? ''),
        )
        if (!start) {
          throw new Error('preload-app-start: no chunk of the bundle is src/app.tsx')
        }
        // Those the entry imports too are linked by Vite already.
        return staticClosure(bundle, start)
          .map((fileName) => `/${fileName}`)
          .filter((href) => !html.includes(`"${href}"`))
          .map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head' as const,
          }))
      },
    },
  }
}

/**
 * `chunk`'s file and those of every chunk it imports statically, directly or not; and each
 * file they import dynamically that holds no code of its own, only a few bytes re-exporting
 * from them (app.tsx imports the router through one, to run it in a task of its own). Not
 * preloaded, such a file would cost a round trip when the start asks for it.
 */
function staticClosure(bundle: OutputBundle, chunk: OutputChunk): string[] {
  const files = new Set<string>()
  const visit = (fileName: string) => {
    const output = bundle[fileName]
    if (files.has(fileName) || output?.type !== 'chunk') {
      return
    }
    files.add(fileName)
    output.imports.forEach(visit)
  }
  visit(chunk.fileName)
  for (const fileName of [...files]) {
    const output = bundle[fileName]
    for (const imported of output?.type === 'chunk' ? output.dynamicImports : []) {
      const target = bundle[imported]
      if (
        target?.type === 'chunk' &&
        target.moduleIds.length === 0 &&
        target.imports.every((each) => files.has(each))
      ) {
        files.add(imported)
      }
    }
  }
  return [...files]
}
