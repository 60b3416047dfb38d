import { type ComponentType, type ReactNode, StrictMode, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'

/** Calls `done` once its children are on the page: the island's hydration is complete. */
function Hydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(() => done(), [done])
  return children
}

/**
 * Hydrates an island's `div[data-island]` (client/components/island.tsx)
 * with its component and the props the server wrote beside it: the same
 * markup, so nothing is drawn again. Settles once React has hydrated it (its
 * handlers listen from then on).
 */
export function hydrateIsland<P extends object>(
  element: HTMLElement,
  Component: ComponentType<P>,
): Promise<void> {
  const props = JSON.parse(element.dataset.props ?? '{}') as P
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <StrictMode>
        <Hydrated done={resolve}>
          <Component {...props} />
        </Hydrated>
      </StrictMode>,
      {
        // A mismatch is a bug to see in the console (the journeys fail on it), not to hide.
        onRecoverableError: (error) => console.error('island hydration:', error),
      },
    )
  })
}
