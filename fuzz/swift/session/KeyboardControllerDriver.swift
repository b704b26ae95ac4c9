import CCyrillicIMECoreTesting
import Foundation

/// Drives sessions through the keyboard itself: `KeyboardController` over the in-memory
/// UTF-16 document, as the keyboard extension runs on a device. After every step it checks
/// that the marked range lies inside the document and holds exactly the controller's
/// pending input (a failed check traps, which libFuzzer reports as a crash).
///
/// Scripts map onto shift: `:katakana` is shift locked, anything else shift off; the clock
/// is frozen, so two shift taps always make a double tap.
final class KeyboardControllerDriver: TypingSessionDriver {
    private(set) var profileID: String
    private let document = InMemoryTextDocumentProxy()
    private let engine = InjectableFailureEngine()
    private let controller: KeyboardController

    init(profileID: String) {
        self.profileID = profileID
        let profiles: ProfileManager
        do {
            profiles = try ProfileManager(engine: engine, keyboardStore: InMemorySettingsStore())
        } catch {
            fatalError("typing fuzzer: no profiles: \(error)")
        }
        controller = KeyboardController(engine: engine, proxy: document, profiles: profiles, scheduler: FrozenScheduler())
        _ = controller.selectProfile(Self.split(profileID).id)
        matchScript()
    }

    var committedText: String {
        guard let marked = document.markedRange else { return document.text }
        var units = document.utf16
        units.removeSubrange(marked.location..<(marked.location + marked.length))
        return String(decoding: units, as: UTF16.self)
    }

    var markedText: String { document.markedText ?? "" }

    func type(_ key: String) {
        switch key {
        case EngineKey.flush: controller.keyboardWillHide()
        case EngineKey.backspace, "\u{8}": controller.tap(.backspace)
        case EngineKey.space, " ": controller.tap(.space)
        case EngineKey.enter, "\n": controller.tap(.enter)
        default: controller.tap(.character(key))
        }
        // An injected failure belongs to this key alone: a flush with nothing pending makes
        // no core call, and the failure must not fall on the next key instead.
        engine.failNext = nil
        matchScript()
        checkDocument()
    }

    func switchProfile(to profileID: String) {
        _ = controller.selectProfile(Self.split(profileID).id)
        self.profileID = profileID
        matchScript()
        checkDocument()
    }

    func tapDakuten() {
        controller.tap(.dakuten)
        matchScript()
        checkDocument()
    }

    func failNextKey(poisoning: Bool) {
        engine.failNext = poisoning ? .poisoning : .panic
    }

    private static func split(_ profileID: String) -> (id: String, katakana: Bool) {
        let parts = profileID.split(separator: ":", maxSplits: 1)
        return (String(parts[0]), parts.count == 2 && parts[1] == "katakana")
    }

    /// Taps shift until it says what `profileID` asks for (hiding the keyboard or switching
    /// profile turns it off).
    private func matchScript() {
        let wanted: ShiftState.Mode = Self.split(profileID).katakana ? .locked : .off
        for _ in 0..<3 where controller.shift.mode != wanted {
            controller.tap(.shift)
        }
        precondition(controller.shift.mode == wanted, "shift cannot reach \(wanted)")
    }

    private func checkDocument() {
        let length = document.utf16.count
        precondition(document.selectedRange.location + document.selectedRange.length <= length, "selection outside the document")
        if let marked = document.markedRange {
            precondition(marked.location + marked.length <= length, "marked range \(marked) outside a document of \(length) units")
            precondition(document.markedText == controller.buffer, "marked text differs from the pending input")
        } else {
            precondition(controller.buffer.isEmpty, "pending input \(controller.buffer.debugDescription) is not shown")
        }
    }
}

/// The real core, except that the next key can fail as if the core had panicked (NULL),
/// through a real Rust panic caught by the export guard.
private final class InjectableFailureEngine: KeyboardEngine {
    enum Failure { case panic, poisoning }
    var failNext: Failure?
    private let core = RustCoreEngine.shared
    private let panicking = RustCoreEngine(processKeyFunction: { _, _, _ in rust_test_panic(false) })
    private let poisoning = RustCoreEngine(processKeyFunction: { _, _, _ in rust_test_panic(true) })

    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult? {
        defer { failNext = nil }
        switch failNext {
        case .panic?: return panicking.processKey(key, buffer: buffer, profileID: profileID)
        case .poisoning?: return poisoning.processKey(key, buffer: buffer, profileID: profileID)
        case nil: return core.processKey(key, buffer: buffer, profileID: profileID)
        }
    }

    func cycleDakuten(_ character: String) -> DakutenResult? { core.cycleDakuten(character) }
    func profiles() -> [ProfileDescription]? { core.profiles() }
}

/// A clock that never moves and never runs scheduled work (no key is held in a session).
private final class FrozenScheduler: KeyboardScheduler {
    private final class Task: ScheduledTask { func cancel() {} }
    var now: TimeInterval { 0 }
    func schedule(after delay: TimeInterval, _ action: @escaping () -> Void) -> ScheduledTask { Task() }
}
