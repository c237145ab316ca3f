/**
 * What main.tsx shows instead of the app when the runtime config is invalid. Plain DOM, not
 * React: it runs before the app bundle (and React) has loaded, and keeps the first script tiny.
 */
export function renderInvalidEnvScreen(root: HTMLElement, problems: readonly string[]): void {
  const screen = document.createElement('main')
  screen.className =
    'flex min-h-dvh flex-col items-center justify-center px-4 py-10 text-center text-destructive'
  const message = document.createElement('div')
  message.setAttribute('role', 'alert')
  message.className = 'flex max-w-xl flex-col items-center gap-4'

  const heading = document.createElement('h1')
  heading.className = 'text-2xl font-bold tracking-tight'
  heading.textContent = 'Invalid environment variables'

  const list = document.createElement('ul')
  list.className = 'flex flex-col gap-1 font-mono text-xs wrap-anywhere sm:text-sm'
  for (const problem of problems) {
    const item = document.createElement('li')
    item.textContent = problem
    list.append(item)
  }

  message.append(heading, list)
  screen.append(message)
  root.replaceChildren(screen)
}
