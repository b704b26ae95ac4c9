import CyrillicIME
import Dispatch

/// The learning store driven from a serial queue of its own, so no keystroke waits for a save.
///
/// A save takes the store's file lock (docs/LEARNING.md, "More than one process"), and waits
/// up to 2 s for another process's save; the core's store calls also queue behind one another.
/// On the main thread either would freeze the keyboard. Here `learn` hands the commit to the
/// queue and answers `.queued` at once; when the save is done its outcome goes back through
/// `deliver` (the main queue on device) into the controller's `learningStatus`, and the view is
/// told. Conversions never wait: they read the store's published copy (docs/LEARNING.md,
/// "Threads"). Opening and moving the store (`inOrder`) run on the same queue, so they keep
/// their order with the saves.
public final class BackgroundLearning: ConversionLearning {
    private let store: any ConversionLearning & Sendable
    private let queue: DispatchQueue
    private let deliver: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let keyboard: WeakKeyboard

    /// Learning into `store` for `keyboard`. `deliver` runs the outcome on the keyboard's
    /// thread: the main queue on device; tests pass their own.
    public init(
        store: any ConversionLearning & Sendable, reportingTo keyboard: KeyboardController,
        queue: DispatchQueue = DispatchQueue(label: "CyrillicIME.learning", qos: .utility),
        deliver: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { DispatchQueue.main.async(execute: $0) }
    ) {
        self.store = store
        self.queue = queue
        self.deliver = deliver
        self.keyboard = WeakKeyboard(keyboard)
    }

    /// Opens the store on the queue, after the saves already queued, and waits for it: for a
    /// caller off the main thread (the terminal). The keyboard uses `inOrder`.
    public func openStore(atDirectory directory: String) throws {
        let store = self.store
        try queue.sync { try store.openStore(atDirectory: directory) }
    }

    /// Queues the save of `choice`; its outcome reaches `learningStatus` when it is done.
    public func learn(_ choice: ConversionChoice) -> LearningOutcome {
        let store = self.store
        let keyboard = self.keyboard
        let deliver = self.deliver
        queue.async {
            let outcome = store.learn(choice)
            deliver {
                guard let controller = keyboard.value else { return }
                controller.learningStatus.record(outcome)
                controller.onStateChange?()
            }
        }
        return .queued
    }

    /// Runs `work` on the queue (after the saves queued before it), then `done` with its
    /// result through `deliver`: opening or moving the store without blocking the keyboard.
    public func inOrder<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then done: @escaping (Value) -> Void) {
        let done = MainThreadBox(done)
        let deliver = self.deliver
        queue.async {
            let value = work()
            deliver { done.value(value) }
        }
    }

    /// Waits until everything queued so far is done (the tests; a host about to close the store).
    public func waitUntilIdle() {
        queue.sync {}
    }
}

/// Carries a value made on the keyboard's thread through the learning queue and back to that
/// thread (`deliver`), where alone it is used; the queue itself never touches it.
final class MainThreadBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The controller the outcomes go to, held weakly (the controller holds this learning), and
/// touched only on its own thread, through `deliver`.
final class WeakKeyboard: @unchecked Sendable {
    weak var value: KeyboardController?
    init(_ value: KeyboardController) { self.value = value }
}
