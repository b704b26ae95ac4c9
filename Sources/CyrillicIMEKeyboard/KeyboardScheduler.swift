import CyrillicIME
import Dispatch
import Foundation

/// The keyboard's clock: the time now, and actions to run later (delete repeat). Injected
/// so tests drive time by hand and run instantly.
///
/// The keyboard's objects live on the main thread, and so must every scheduler: actions
/// run on the thread that scheduled them.
public protocol KeyboardScheduler: AnyObject {
    /// Seconds on a monotonic clock.
    var now: TimeInterval { get }
    /// Runs `action` after `delay` seconds unless the returned task is cancelled first.
    func schedule(after delay: TimeInterval, _ action: @escaping () -> Void) -> ScheduledTask
}

/// A scheduled action that can still be called off.
public protocol ScheduledTask: AnyObject {
    func cancel()
}

/// The scheduler of the real keyboard: the main dispatch queue and the system's uptime clock.
public final class MainQueueScheduler: KeyboardScheduler {
    public init() {}

    public var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

    public func schedule(after delay: TimeInterval, _ action: @escaping () -> Void) -> ScheduledTask {
        // The keyboard calls from the main thread and the work item runs on the main queue,
        // so the action never leaves the thread it was made on; the box only carries it
        // past the compiler's Sendable check.
        dispatchPrecondition(condition: .onQueue(.main))
        let box = MainThreadAction(action)
        let item = DispatchWorkItem { box.run() }
        DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
        return DispatchTask(item)
    }

    private final class MainThreadAction: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    private final class DispatchTask: ScheduledTask {
        private let item: DispatchWorkItem
        init(_ item: DispatchWorkItem) { self.item = item }
        func cancel() { item.cancel() }
    }
}
