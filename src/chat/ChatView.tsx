/** The Chat view: conversations whose assistant replies render as they stream. */
export function ChatView() {
  return (
    <div className="placeholder">
      <h2>Chat</h2>
      <p>Chat with a model whose replies render as they stream.</p>
    </div>
  )
}
