/// Runs the keyboard's commands (a key, a bar tap, a commit) one at a time. A command that
/// arrives while another runs — a host that calls back into the keyboard from inside an edit —
/// waits and runs right after it, so no keystroke is lost or handled inside another.
final class CommandQueue {
    private var waiting: [() -> Void] = []
    /// Whether a command is running now.
    private(set) var isRunning = false

    /// Runs `command`, then whatever arrived meanwhile, calling `afterEach` after each.
    /// Returns false when a command is already running: `command` then waits its turn.
    func run(_ command: @escaping () -> Void, afterEach: () -> Void) -> Bool {
        waiting.append(command)
        guard !isRunning else { return false }
        isRunning = true
        while !waiting.isEmpty {
            waiting.removeFirst()()
            afterEach()
        }
        isRunning = false
        return true
    }
}
