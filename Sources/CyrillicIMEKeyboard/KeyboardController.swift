import CyrillicIME
import Foundation

/// The keyboard's logic, everything a `UIInputViewController` does except drawing: it routes each event down
/// one path, for kana-only and converting profiles alike (+Keys). Each key runs through `Phase`: idle →
/// processing (the core is asked) → result received → inserting → idle; one that arrives while another is
/// handled waits its turn (`CommandQueue`). It keeps what every key needs (phase, shift, layer, profile, last
/// error) and what the writer is typing (`Composition`, `ConversionSession`, `CandidateBar`); the document is
/// `DocumentPresenter`'s, the history `ConversionContextTracker`'s, the field's traits `HostField`'s. See docs/KEYBOARD.md.
public final class KeyboardController {
    public enum Phase: Equatable, Sendable {
        case idle
        /// The core is asked about this key (`к`, `{space}`, `{flush}`, or the kana a dakuten tap cycles).
        case processing(String)
        case resultReceived(ConversionResult)
        /// The document is being edited.
        case inserting
    }

    /// Where the keyboard is in handling a key; back to `.idle` when every queued key is done.
    public internal(set) var phase: Phase = .idle {
        didSet { onPhaseChange?(phase) }
    }
    /// Called on every phase change (tests follow the state machine with it).
    public var onPhaseChange: ((Phase) -> Void)?
    /// Called after each key and each profile change, for the view to refresh its key caps.
    public var onStateChange: (() -> Void)?

    /// Where the writer is: nothing composed, composing, or converting.
    public enum InputState: Equatable, Sendable { case idle, composing, converting }

    /// The pending input: typed letters the core has not converted yet.
    public var buffer: String { composition.pending }
    /// What is composed and not committed (kana-only profiles commit the kana as the core
    /// writes them: only `pending` stays).
    public internal(set) var composition = Composition()
    /// The conversion shown while converting, `nil` otherwise.
    public internal(set) var conversion: ConversionSession?
    /// Live conversion while composing: the composition's best conversion as it is typed.
    public internal(set) var live: LiveConversion
    /// The row above the keys: predictions while composing, candidates while converting,
    /// the words that usually follow after a commit.
    public internal(set) var candidateBar = CandidateBar()
    /// What the keyboard committed just before the cursor: the context of the next conversion
    /// while the cursor stays right after it (`ConversionContextTracker`).
    public var history: ConversionHistory { contextTracker.history }
    /// The settings as made or last applied, one copy: kana-only profiles, the space's width,
    /// the widths, candidate options and key timing are read from here. The pending input's
    /// style and live conversion's settings act in `document` and `live`, which own them.
    private var settings: KeyboardSettings
    /// Profiles typed in kana only (`setKanaOnly` changes them).
    public var kanaOnlyProfiles: Set<String> { settings.kanaOnlyProfiles }
    /// The space typed with nothing composed, in converting profiles.
    public var spaceWidth: CharacterWidth { settings.spaceWidth }
    /// Where committed conversions are learned; `nil` learns nothing (docs/KEYBOARD.md, "Learning").
    public var learning: ConversionLearning?
    /// Whether learning is being saved, and the notice to show when it is not.
    public internal(set) var learningStatus = LearningStatus()
    /// The learning notice to show now (a save started failing), once.
    public func takeLearningNotice() -> String? { learningStatus.takeNotice() }

    public var inputState: InputState {
        conversion != nil ? .converting : composition.isEmpty ? .idle : .composing
    }

    /// Whether the active profile is typed in kana only (kana committed as they come, no conversion).
    public var isKanaOnly: Bool { settings.isKanaOnly(activeProfileID) }
    /// Shift: katakana while on.
    public internal(set) var shift: ShiftState
    /// The profile the pending input was typed in.
    public private(set) var activeProfileID: String
    /// The layer and page shown: the letters, or a page of the symbols layer (`{mode}`).
    public internal(set) var layer: KeyboardLayerPosition = .letters
    /// The widths of digits and punctuation the core writes.
    public var widths: OutputWidths {
        get { settings.widths }
        set { settings.widths = newValue }
    }
    /// Emoji among the candidates and the clock of dates and times.
    public var candidateOptions: CandidateOptions { settings.candidates }
    /// The core's last error (unknown profile, oversized input, no answer) until a clean key; the text went in as typed.
    public internal(set) var lastError: String?
    /// How the pending input is shown. Changing it converts what is pending first.
    public var pendingInputStyle: PendingInputStyle {
        get { document.style }
        set {
            if newValue != document.style { run { $0.commitAll() } }
            document.style = newValue
        }
    }

    public let profiles: ProfileManager
    /// The host's field: its traits, and whether it is private (`HostField`, `InputTraitsPolicy`).
    public let hostField: HostField
    let engine: KeyboardEngine
    /// What the document shows, and every edit the keyboard makes to it.
    let document: DocumentPresenter
    /// The history of what the keyboard committed, and the context of the next conversion.
    let contextTracker: ConversionContextTracker
    let scheduler: KeyboardScheduler
    private lazy var deleteRepeater = DeleteRepeater(
        timing: settings.timing.deleteRepeat, scheduler: scheduler,
        deleteCharacter: { [weak self] in self?.run { $0.handle(.backspace) } },
        deleteWord: { [weak self] in self?.run { $0.deleteBackward(byWord: true) } })
    private var profileObservation: ProfileObservation?
    private let commands = CommandQueue()

    public init(
        engine: KeyboardEngine, proxy: TextDocumentProxy, profiles: ProfileManager,
        scheduler: KeyboardScheduler, settings: KeyboardSettings = KeyboardSettings()
    ) {
        self.engine = engine
        document = DocumentPresenter(proxy: proxy, style: settings.pendingInputStyle)
        contextTracker = ConversionContextTracker(document: document)
        self.profiles = profiles
        hostField = HostField(policy: settings.traitsPolicy)
        self.scheduler = scheduler
        self.settings = settings
        shift = ShiftState(doubleTapInterval: settings.timing.shiftDoubleTapInterval)
        activeProfileID = profiles.current.id
        live = LiveConversion(settings: settings.live)
        profileObservation = profiles.observe { [weak self] profile in self?.profileDidChange(to: profile) }
    }

    /// The rows of the layer shown now, for the view to draw.
    public var currentRows: [[String]] { profiles.current.rows(at: layer) }

    // MARK: Events from the view and the host

    /// A tap on `key` (for backspace, one delete; holding uses `pressBackspace`).
    public func tap(_ key: KeyboardKey) {
        run { $0.handle(key) }
    }

    /// Backspace went down: one delete now, repeats while held (`DeleteRepeatTiming`).
    public func pressBackspace() {
        deleteRepeater.press()
    }

    /// Backspace went up, or its touch was cancelled.
    public func releaseBackspace() {
        deleteRepeater.release()
    }

    /// Picks a profile from the long-press list. The pending input is converted in the old
    /// profile first. Returns false for an id the engine does not have.
    @discardableResult
    public func selectProfile(_ id: String) -> Bool {
        guard profiles.profiles.contains(where: { $0.id == id }) else { return false }
        run { $0.commitAll() }
        return profiles.select(id)
    }

    /// The keyboard is about to appear: the app may have picked another profile meanwhile,
    /// and changed the settings (`settings`, read again from the stores; nil keeps them). An
    /// extension stays loaded between appearances, so what the app changed would otherwise wait
    /// for the system to unload it.
    public func keyboardWillAppear(settings: KeyboardSettings? = nil) {
        profiles.reload()
        if let settings { apply(settings) }
        hostField.read(into: self, appearing: true)
    }

    /// Takes the settings a writer changes in the app: widths, candidate options, the pending
    /// input's style, kana-only profiles, the space's width and live conversion's settings.
    /// Key timing and the traits policy stay as the keyboard was made with: they belong to the
    /// keyboard's build, not to the writer's choices. What is pending is committed first.
    func apply(_ settings: KeyboardSettings) {
        run {
            $0.commitAll()
            var applied = settings
            (applied.timing, applied.traitsPolicy) = ($0.settings.timing, $0.settings.traitsPolicy)
            $0.settings = applied
            $0.document.style = settings.pendingInputStyle
            if settings.live != $0.live.settings { $0.live = LiveConversion(settings: settings.live) }
            if $0.isKanaOnly { $0.candidateBar.clear() }
        }
    }

    /// The keyboard is about to hide: convert what is pending (in the script it was typed
    /// in), stop any repeat, and turn shift off.
    public func keyboardWillHide() {
        deleteRepeater.release()
        run { $0.commitAll() }
        forgetHistory()  // whatever field it comes back to, the cursor may be elsewhere
        shift.reset()
        onStateChange?()
    }

    /// A tap on item `index` of the candidate bar: a prediction is committed; a candidate is
    /// chosen for the focused segment, and the focus moves on (after the last segment, the
    /// conversion is committed).
    public func chooseCandidate(at index: Int) {
        run { $0.chooseCandidate(index) }
    }

    /// Moves the focus between the segments while converting (←/→).
    public func moveFocus(by delta: Int) {
        run { $0.moveConversionFocus(by: delta) }
    }

    /// Makes the focused segment longer (`delta` > 0) or shorter; the core converts again.
    public func resizeFocusedSegment(by delta: Int) {
        run { $0.resizeFocusedSegment(delta) }
    }

    /// Commits what is shown, the conversion as chosen or the composition (the profile list opening).
    public func commitShown() { run { $0.commitAll() } }

    /// Shows another page of the candidate bar.
    public func turnCandidatePage(by delta: Int) {
        run { $0.candidateBar.turnPage(by: delta, extending: &$0.conversion, engine: $0.engine) }
    }

    /// Cancels the conversion: back to composing with the reading that was converted, as
    /// Escape does in every Japanese IME (Mozc, Kotoeri). Nothing happens when not converting.
    public func cancelConversionToReading() {
        run { $0.cancelConversion() }
    }

    /// Turns kana-only typing on or off for a profile (the profile list's switch); what is composed is
    /// committed first, and the bar emptied. The caller stores it (`KeyboardSettings.saveKanaOnlyProfiles`).
    public func setKanaOnly(_ on: Bool, forProfile profileID: String) {
        run {
            $0.commitAll()
            if on { $0.settings.kanaOnlyProfiles.insert(profileID) } else { $0.settings.kanaOnlyProfiles.remove(profileID) }
            if $0.isKanaOnly { $0.candidateBar.clear() }
        }
    }

    /// The host says the text or the selection changed (`textDidChange`, `selectionDidChange`); an echo of the
    /// keyboard's own edits changes nothing. Otherwise the person moved the cursor, the app edited the text or
    /// another field took over: the host committed the marked text where it stood, so the keyboard starts afresh
    /// (the pending letters would become kana at the new cursor), and the history goes if the cursor left it.
    public func documentDidChange() {
        guard !commands.isRunning else { return }
        hostField.read(into: self, appearing: false)
        if hasUncommittedInput {
            guard document.changedSinceLeft else { return }
            document.abandonShownText()
            composition = Composition()
            conversion = nil
            contextTracker.forget()
        } else if !contextTracker.forgetIfCursorLeft() {
            return
        }
        candidateBar.clear()  // with what was typed, or the next words offered after the history
        onStateChange?()
    }

    // MARK: The state machine

    /// Runs `command` (after the one running now, if called from inside it), then leaves
    /// the phase idle, remembers the document as it is left, and tells the view.
    private func run(_ command: @escaping (KeyboardController) -> Void) {
        let ranNow = commands.run({ [unowned self] in command(self) }, afterEach: { [unowned self] in
            if phase != .idle { phase = .idle }
        })
        guard ranNow else { return }
        document.rememberDocument(leavesInput: hasUncommittedInput)
        onStateChange?()
    }

    /// Whether anything typed is shown but not committed.
    var hasUncommittedInput: Bool {
        !composition.isEmpty || conversion != nil || !document.shownText.isEmpty
    }

    /// The profile id sent to the core: the active profile with its script and widths.
    var qualifiedProfileID: String {
        widths.qualifying(shift.script.qualifying(activeProfileID))
    }

    private func profileDidChange(to profile: ProfileDescription) {
        // Whoever changed it, what is pending was typed in the old profile (and script):
        // commit it there, then start the new profile with shift off.
        run { $0.commitAll() }
        activeProfileID = profile.id
        if isKanaOnly { candidateBar.clear() }  // next words offered in the old one: none here
        layer = .letters
        shift.reset()
        onStateChange?()
    }
}
