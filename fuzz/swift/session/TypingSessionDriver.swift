import CCyrillicIMECoreTesting

/// What the typing-session fuzzer drives: something that takes keys the way the keyboard
/// does and keeps a document. Today `RustCoreEngineDriver` implements it over `RustCoreEngine`;
/// the keyboard controller (being written on another branch) can implement it too, and
/// the same sessions and checks then run through the controller.
protocol TypingSessionDriver: AnyObject {
    /// The text the host's document holds (everything inserted, minus deletions).
    var committedText: String { get }
    /// The pending input shown as marked text (`""` when nothing is pending).
    var markedText: String { get }
    /// The profile id keys are sent with (`rus_standard`, `rus_standard:katakana`, …).
    var profileID: String { get }
    /// Types one key: a character, a pasted string, or an `EngineKey`.
    func type(_ key: String)
    /// Flushes what is pending with the old profile, then switches.
    func switchProfile(to profileID: String)
    /// The dakuten key: flush, then cycle the character before the cursor (は → ば → ぱ).
    func tapDakuten()
    /// The next key sent to the core fails as if the core had panicked (NULL result);
    /// `poisoning` panics while holding the engine lock. Drivers that cannot inject a
    /// failure ignore this.
    func failNextKey(poisoning: Bool)

    /// Whether space converts (a converting profile): then `committedText` is the document
    /// outside the marked text plus the kana composed, and `markedText` the pending letters.
    var converts: Bool { get }
    /// The conversion shown while converting (marked), `nil` otherwise.
    var conversion: ConversionSession? { get }
    /// A step of the candidate bar (`TypingSession.ConversionStep`); ignored when not converting.
    func conversionStep(_ step: TypingSession.ConversionStep)

    /// Whether the composition shows its live conversion: what return, hiding or a profile
    /// switch commits is then the text shown, not the kana.
    var showsLiveConversion: Bool { get }
    /// Whether space while composing marks a word boundary (the Cyrillic habit) instead of
    /// converting.
    var spaceSeparatesWords: Bool { get }
    /// Where the composition holds word boundaries: offsets in its kana's scalars.
    var composedSpaces: [Int] { get }
    /// The marked text the document shows (`""` without any).
    var shownText: String { get }
}

extension TypingSessionDriver {
    var converts: Bool { false }
    var conversion: ConversionSession? { nil }
    func conversionStep(_ step: TypingSession.ConversionStep) {}
    var showsLiveConversion: Bool { false }
    var spaceSeparatesWords: Bool { false }
    var composedSpaces: [Int] { [] }
    var shownText: String { markedText }
}

/// A keyboard reduced to its document: applies `RustCoreEngine` results exactly as the
/// host must (insert `output`, show `buffer`, delete backward on `delete_backward`, the
/// documented fallback when the core returns NULL).
final class RustCoreEngineDriver: TypingSessionDriver {
    private(set) var committedText = ""
    private(set) var markedText = ""
    private(set) var profileID: String
    /// Every result that was not a clean answer (errors, NULLs), for failure messages.
    private(set) var log: [String] = []

    private let engine: RustCoreEngine
    private let failingEngine: RustCoreEngine
    private let poisoningEngine: RustCoreEngine
    private var nextFailure: RustCoreEngine?

    init(profileID: String) {
        self.profileID = profileID
        engine = .shared
        // A real Rust panic, caught by the export guard, stands in for the core failing.
        failingEngine = RustCoreEngine(processKeyFunction: { _, _, _ in rust_test_panic(false) })
        poisoningEngine = RustCoreEngine(processKeyFunction: { _, _, _ in rust_test_panic(true) })
    }

    func type(_ key: String) {
        let chosen = nextFailure ?? engine
        nextFailure = nil
        let result = chosen.processKeyOrFallback(key, buffer: markedText, profileID: profileID)
        if result.action == .error {
            log.append("\(key.debugDescription) after \(markedText.debugDescription): \(result.error ?? "")")
        }
        apply(result)
    }

    func switchProfile(to profileID: String) {
        type(EngineKey.flush)
        self.profileID = profileID
    }

    func tapDakuten() {
        type(EngineKey.flush)
        guard let last = committedText.last else { return }
        guard let answer = engine.cycleDakuten(String(last)) else {
            log.append("cycleDakuten returned nil for \(String(last).debugDescription)")
            return
        }
        if answer.action == .replace {
            committedText.removeLast()
            committedText += answer.output
        }
    }

    func failNextKey(poisoning: Bool) {
        nextFailure = poisoning ? poisoningEngine : failingEngine
    }

    private func apply(_ result: ConversionResult) {
        if result.action == .deleteBackward {
            if !committedText.isEmpty { committedText.removeLast() }
        }
        committedText += result.output
        markedText = result.buffer
    }
}
