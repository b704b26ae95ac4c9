import CCyrillicIMECoreTesting
import Foundation

/// Drives sessions through the keyboard itself: `KeyboardController` over the in-memory
/// UTF-16 document, as the keyboard extension runs on a device. After every step it checks
/// that the marked range lies inside the document and holds exactly the controller's
/// pending input (a failed check traps, which libFuzzer reports as a crash).
///
/// With `converts`, the profile composes and converts (space, the candidate bar); the
/// committed text the checker sees then includes the kana composed, and the driver checks
/// that the marked text is exactly the composition or the conversion shown. `live` turns live
/// conversion on, as the keyboard ships: the marked text is then the composition's live
/// conversion, whose segments must cover exactly the kana composed, and space either converts
/// (the Japanese habit) or marks a word boundary (the Cyrillic habit).
///
/// Scripts map onto shift: `:katakana` is shift locked, anything else shift off; the clock
/// is frozen, so two shift taps always make a double tap.
final class KeyboardControllerDriver: TypingSessionDriver {
    private(set) var profileID: String
    private let document = InMemoryTextDocumentProxy()
    private let engine = InjectableFailureEngine()
    private let controller: KeyboardController
    let converts: Bool
    let live: LiveMode

    /// Live conversion in a converting profile, and what space does while composing.
    enum LiveMode { case off, spaceConverts, spaceSeparatesWords }

    init(profileID: String, converts: Bool = false, live: LiveMode = .off) {
        self.converts = converts
        self.live = converts ? live : .off
        self.profileID = profileID
        let profiles: ProfileManager
        do {
            profiles = try ProfileManager(engine: engine, keyboardStore: InMemorySettingsStore())
        } catch {
            fatalError("typing fuzzer: no profiles: \(error)")
        }
        // Kana-only unless converting; a half-width space, so space with nothing composed
        // types what the core's {space} types. One space habit in every profile, as `live`
        // says; no auto-commit (the checker's model commits only on the writer's keys).
        var settings = KeyboardSettings(
            kanaOnlyProfiles: converts ? [] : Set(profiles.profiles.map(\.id)), spaceWidth: .half)
        let habit: SpaceHabit = self.live == .spaceSeparatesWords ? .cyrillic : .japanese
        let habits = Dictionary(uniqueKeysWithValues: profiles.profiles.map { ($0.id, habit) })
        settings.live = LiveConversionSettings(isOn: self.live != .off, autoCommit: .off, spaceHabits: habits)
        controller = KeyboardController(
            engine: engine, proxy: document, profiles: profiles, scheduler: FrozenScheduler(), settings: settings)
        _ = controller.selectProfile(Self.split(profileID).id)
        matchScript()
    }

    var committedText: String {
        var text = document.text
        if let marked = document.markedRange {
            var units = document.utf16
            units.removeSubrange(marked.location..<(marked.location + marked.length))
            text = String(decoding: units, as: UTF16.self)
        }
        return text + controller.composition.kana
    }

    var markedText: String { controller.buffer }

    var showsLiveConversion: Bool { live != .off }
    var spaceSeparatesWords: Bool { live == .spaceSeparatesWords }
    /// The word boundaries typed into the composition (the Cyrillic space habit).
    var composedSpaces: [Int] { controller.composition.spaces }
    /// What the document shows as marked text (`""` without any).
    var shownText: String { document.markedText ?? "" }

    /// The document outside the marked text (without the kana composed).
    var documentText: String {
        String(String.UnicodeScalarView(committedText.unicodeScalars.dropLast(controller.composition.kana.unicodeScalars.count)))
    }

    var conversion: ConversionSession? { controller.conversion }

    func conversionStep(_ step: TypingSession.ConversionStep) {
        switch step {
        case .choose(let index): controller.chooseCandidate(at: index)
        case .focus(let delta): controller.moveFocus(by: delta)
        case .resize(let delta): controller.resizeFocusedSegment(by: delta)
        case .page(let delta): controller.turnCandidatePage(by: delta)
        }
        checkDocument()
    }

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
        let shown = controller.conversion?.text ?? controller.live.shownText(for: controller.composition)
        if let result = controller.live.result(for: controller.composition) {
            precondition(live != .off, "a live result with live conversion off")
            precondition(result.segments.map(\.reading).joined() == controller.composition.kana,
                         "the live result's segments \(result.segments.map(\.reading)) do not cover the kana \(controller.composition.kana.debugDescription)")
        }
        if let marked = document.markedRange {
            precondition(marked.location + marked.length <= length, "marked range \(marked) outside a document of \(length) units")
            precondition(document.markedText == shown, "marked text \(document.markedText!.debugDescription) differs from \(shown.debugDescription)")
            if let session = controller.conversion {
                let focus = session.focusedRange
                precondition(document.selectedRange == NSRange(location: marked.location + focus.location, length: focus.length),
                             "the focused segment is not selected")
                precondition(session.segments.map(\.reading).joined() == session.reading, "segments do not cover the reading")
            } else {
                precondition(document.selectedRange == NSRange(location: marked.location + marked.length, length: 0), "cursor not at the end of the composition")
            }
        } else {
            precondition(shown.isEmpty, "input \(shown.debugDescription) is not shown")
        }
        if controller.inputState == .idle {
            // With nothing composed the bar is empty, or offers the words that follow what was
            // just committed (the keyboard's history).
            precondition(controller.candidateBar.isEmpty || controller.isKanaOnly
                         || (controller.candidateBar.content == .predictions && !controller.history.isEmpty),
                         "a bar with nothing composed")
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

    func convert(_ request: ConversionRequest) -> Result<KanjiConversion, KanjiConversionError> {
        core.convert(request)
    }
    func resizeSegment(_ request: ResizeRequest) -> Result<KanjiConversion, KanjiConversionError> {
        core.resizeSegment(request)
    }
    func candidates(_ request: SegmentCandidatesRequest) -> Result<[String], KanjiConversionError> {
        core.candidates(request)
    }
    func predictions(_ request: PredictionRequest) -> Result<[KanjiPrediction], KanjiConversionError> {
        core.predictions(request)
    }
    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError> {
        core.nextWords(after: context, limit: limit)
    }
}

/// A clock that never moves and never runs scheduled work (no key is held in a session).
private final class FrozenScheduler: KeyboardScheduler {
    private final class Task: ScheduledTask { func cancel() {} }
    var now: TimeInterval { 0 }
    func schedule(after delay: TimeInterval, _ action: @escaping () -> Void) -> ScheduledTask { Task() }
}
