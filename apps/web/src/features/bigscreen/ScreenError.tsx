/** A screen's failed load, said across the stage below its header (the panels keep their last figures). */
export const ScreenError = ({ error, top, testId }: { error: unknown; top: number; testId: string }) =>
  error ? (
    <div
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        top,
        textAlign: 'center',
        color: '#ff5b5b',
        fontSize: 18,
        zIndex: 20,
      }}
      data-testid={testId}
    >
      {error instanceof Error ? error.message : String(error)}
    </div>
  ) : null;
