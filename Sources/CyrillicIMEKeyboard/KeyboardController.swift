import CyrillicIME
import Foundation

/// The keyboard's logic, everything a `UIInputViewController` does except drawing: a key
/// tap becomes a Rust core call, and the answer is applied to the text document.
///
/// Each key runs through `Phase`: idle → processing (the core is asked) → result received →
/// inserting (the document is edited) → idle. A key that arrives while another is being
/// handled (a host that calls back into the keyboard from inside an edit) waits in a queue
/// and runs next, so no keystroke is ever lost. The core's answer is applied exactly as
/// docs/FFI.md says; when the core returns nothing, `ConversionResult.fallback` inserts
/// what was typed instead. See docs/KEYBOARD.md.
///
/// A profile converts to kanji unless it is kana-only (`KeyboardSettings.kanaOnlyProfiles`):
/// keys then build a `Composition` (kana and the pending letters, shown as marked text),
/// space converts it into a `ConversionSession` (segments, candidates, focus) and the
/// `CandidateBar` shows predictions or the focused segment's candidates. Those states live
/// in KeyboardController+Converting.swift; kana-only profiles insert kana as they come.
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
    public enum InputState: Equatable, Sendable {
        case idle
        case composing
        case converting
    }

    /// The pending input: typed letters the core has not converted yet.
    public var buffer: String { composition.pending }
    /// What is composed and not committed (in kana-only profiles only `pending` is used).
    public internal(set) var composition = Composition()
    /// The conversion shown while converting, `nil` otherwise.
    public internal(set) var conversion: ConversionSession?
    /// The row above the keys: predictions while composing, candidates while converting,
    /// the words that usually follow after a commit.
    public internal(set) var candidateBar = CandidateBar()
    /// What the keyboard committed just before the cursor: the context of the next conversion
    /// while the cursor stays right after it (KeyboardController+Context.swift).
    public internal(set) var history = ConversionHistory()
    /// Profiles typed in kana only (a setting; `setKanaOnly` changes it).
    public private(set) var kanaOnlyProfiles: Set<String>
    /// The space typed with nothing composed, in converting profiles.
    public var spaceWidth: CharacterWidth
    /// Where committed conversions are learned; `nil` learns nothing (docs/KEYBOARD.md, "Learning").
    public var learning: ConversionLearning?
    /// Whether learning is being saved, and the notice to show when it is not.
    public internal(set) var learningStatus = LearningStatus()
    /// The learning notice to show now (a save started failing), once.
    public func takeLearningNotice() -> String? { learningStatus.takeNotice() }

    public var inputState: InputState {
        conversion != nil ? .converting : composition.isEmpty ? .idle : .composing
    }

    /// Whether the active profile is typed in kana only (no composition, no conversion).
    public var isKanaOnly: Bool { kanaOnlyProfiles.contains(activeProfileID) }
    /// Shift: katakana while on.
    public internal(set) var shift: ShiftState
    /// The profile the pending input was typed in.
    public private(set) var activeProfileID: String
    /// The layer and page shown: the letters, or a page of the symbols layer (`{mode}`).
    public internal(set) var layer: KeyboardLayerPosition = .letters
    /// The widths of digits and punctuation the core writes (a setting).
    public var widths: OutputWidths
    /// The core's last error message (unknown profile, oversized input, no answer at all),
    /// cleared by the next key that converts cleanly. The text was inserted as typed anyway.
    public internal(set) var lastError: String?
    /// How the pending input is shown. Changing it converts what is pending first.
    public var pendingInputStyle: PendingInputStyle {
        willSet { if newValue != pendingInputStyle { run(.commitAll) } }
    }

    public let profiles: ProfileManager
    let engine: KeyboardEngine
    let proxy: TextDocumentProxy
    let scheduler: KeyboardScheduler
    private let deleteRepeatTiming: DeleteRepeatTiming
    private lazy var deleteRepeater = DeleteRepeater(
        timing: deleteRepeatTiming, scheduler: scheduler,
        deleteCharacter: { [weak self] in self?.run(.key(.backspace)) },
        deleteWord: { [weak self] in self?.run(.deleteWord) })
    private var profileObservation: ProfileObservation?

    /// What the keyboard shows in the document and has not committed (marked or inline).
    var displayedText = ""
    /// The selected range inside the marked text shown (the focused segment), if set.
    var displayedSelection: NSRange?
    /// The document around the cursor as the last key left it, to tell the host's own
    /// edits (cursor moved by a tap) from echoes of ours.
    private var expectedContext: (before: String?, after: String?)?
    private var queue: [Command] = []
    private var isRunning = false

    enum Command {
        case key(KeyboardKey)
        case deleteWord
        /// Commits everything composed or converted (kana-only: converts what is pending).
        case commitAll
        /// A tap on item `index` of the candidate bar.
        case chooseCandidate(Int)
        case moveFocus(Int)
        case resizeSegment(Int)
        case turnPage(Int)
        case cancelConversion
        case setKanaOnly(Bool, profileID: String)
    }

    public init(
        engine: KeyboardEngine, proxy: TextDocumentProxy, profiles: ProfileManager,
        scheduler: KeyboardScheduler, settings: KeyboardSettings = KeyboardSettings()
    ) {
        self.engine = engine
        self.proxy = proxy
        self.profiles = profiles
        self.scheduler = scheduler
        pendingInputStyle = settings.pendingInputStyle
        widths = settings.widths
        shift = ShiftState(doubleTapInterval: settings.shiftDoubleTapInterval)
        activeProfileID = profiles.current.id
        deleteRepeatTiming = settings.deleteRepeat
        kanaOnlyProfiles = settings.kanaOnlyProfiles
        spaceWidth = settings.spaceWidth
        profileObservation = profiles.observe { [weak self] profile in self?.profileDidChange(to: profile) }
    }

    /// The rows of the layer shown now, for the view to draw.
    public var currentRows: [[String]] {
        profiles.current.rows(at: layer)
    }

    // MARK: Events from the view and the host

    /// A tap on `key` (for backspace, one delete; holding uses `pressBackspace`).
    public func tap(_ key: KeyboardKey) {
        run(.key(key))
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
        run(.commitAll)
        return profiles.select(id)
    }

    /// The keyboard is about to appear: the app may have picked another profile meanwhile.
    public func keyboardWillAppear() {
        profiles.reload()
    }

    /// The keyboard is about to hide: convert what is pending (in the script it was typed
    /// in), stop any repeat, and turn shift off.
    public func keyboardWillHide() {
        deleteRepeater.release()
        run(.commitAll)
        forgetHistory()  // whatever field it comes back to, the cursor may be elsewhere
        shift.reset()
        onStateChange?()
    }

    /// A tap on item `index` of the candidate bar: a prediction is committed; a candidate is
    /// chosen for the focused segment, and the focus moves on (after the last segment, the
    /// conversion is committed).
    public func chooseCandidate(at index: Int) {
        run(.chooseCandidate(index))
    }

    /// Moves the focus between the segments while converting (←/→).
    public func moveFocus(by delta: Int) {
        run(.moveFocus(delta))
    }

    /// Makes the focused segment longer (`delta` > 0) or shorter; the core converts again.
    public func resizeFocusedSegment(by delta: Int) {
        run(.resizeSegment(delta))
    }

    /// Shows another page of the candidate bar.
    public func turnCandidatePage(by delta: Int) {
        run(.turnPage(delta))
    }

    /// Cancels the conversion: back to composing with the reading that was converted, as
    /// Escape does in every Japanese IME (Mozc, Kotoeri). Nothing happens when not converting.
    public func cancelConversionToReading() {
        run(.cancelConversion)
    }

    /// Turns kana-only typing on or off for a profile (the profile switcher's long-press
    /// menu); what is composed is committed first. The caller stores the setting
    /// (`KeyboardSettings.saveKanaOnlyProfiles`).
    public func setKanaOnly(_ on: Bool, forProfile profileID: String) {
        run(.setKanaOnly(on, profileID: profileID))
    }

    /// The host says the text or the selection changed (`textDidChange`, `selectionDidChange`).
    /// iOS also says so after the keyboard's own edits; those leave the document as the
    /// keyboard expects and change nothing. Otherwise the person moved the cursor (or the app
    /// edited the text): the host has already committed the marked text where it stood, so
    /// the pending letters stay there as typed and the keyboard starts afresh — converting
    /// them now would insert kana at the new cursor, away from the letters.
    ///
    /// The history of what the keyboard committed (the next conversion's context) goes too
    /// when the cursor is no longer right after it, or the field is another one.
    public func documentDidChange() {
        guard !isRunning else { return }
        if !hasUncommittedInput {
            if dropHistoryIfMoved() { onStateChange?() }
            return
        }
        guard let expectedContext else { return }
        if expectedContext.before == proxy.documentContextBeforeInput,
           expectedContext.after == proxy.documentContextAfterInput {
            return
        }
        if pendingInputStyle == .marked { proxy.unmarkText() }
        composition = Composition()
        conversion = nil
        candidateBar.clear()
        displayedText = ""
        displayedSelection = nil
        history.drop()
        self.expectedContext = nil
        onStateChange?()
    }

    // MARK: The state machine

    private func run(_ command: Command) {
        queue.append(command)
        guard !isRunning else { return }  // called back from inside an edit: runs next
        isRunning = true
        while !queue.isEmpty {
            perform(queue.removeFirst())
            if phase != .idle { phase = .idle }
        }
        isRunning = false
        expectedContext = hasUncommittedInput
            ? (proxy.documentContextBeforeInput, proxy.documentContextAfterInput) : nil
        onStateChange?()
    }

    /// Whether anything typed is shown but not committed.
    var hasUncommittedInput: Bool {
        !composition.isEmpty || conversion != nil || !displayedText.isEmpty
    }

    private func perform(_ command: Command) {
        switch command {
        case .commitAll: commitAll()
        case .deleteWord: isKanaOnly ? deleteWord() : deleteWordComposing()
        case .key(let key): isKanaOnly ? perform(key) : performComposing(key)
        case .chooseCandidate(let index): chooseCandidate(index)
        case .moveFocus(let delta): moveConversionFocus(by: delta)
        case .resizeSegment(let delta): resizeFocusedSegment(delta)
        case .turnPage(let delta): turnPage(delta)
        case .cancelConversion: cancelConversion()
        case .setKanaOnly(let on, let profileID):
            commitAll()
            if on { kanaOnlyProfiles.insert(profileID) } else { kanaOnlyProfiles.remove(profileID) }
        }
    }

    /// Commits everything shown: the conversion as chosen, the composition as kana, or (kana
    /// only) what is pending, converted. Cursor moves, profile changes and hiding do this.
    func commitAll() {
        if isKanaOnly {
            flush()
        } else {
            commitComposingState()
        }
    }

    /// The keys every mode handles alike: shift, mode. Returns false for other keys.
    func performLayerKey(_ key: KeyboardKey) -> Bool {
        switch key {
        case .shift:
            // On the letters shift means katakana; on another layer it turns the page.
            if layer.isLetters {
                shift.tap(at: scheduler.now)
            } else {
                layer = profiles.current.position(afterShift: layer)
            }
        case .mode:
            // Pending input stays pending: the next key, a symbol or a letter, decides.
            layer = profiles.current.position(afterMode: layer)
        default:
            return false
        }
        return true
    }

    /// Like the system keyboard: after a space typed on the symbols layer, the letters
    /// come back. Which keys do this is the layer's `returnToLettersAfter` in the data.
    func returnToLettersIfNeeded(after key: KeyboardKey) {
        if !layer.isLetters, key != .mode,
           let current = profiles.current.layers.first(where: { $0.id == layer.layer }),
           current.returnToLettersAfter.contains(key.label) {
            layer = .letters
        }
    }

    /// The profile id sent to the core: the active profile with its script and widths.
    var qualifiedProfileID: String {
        widths.qualifying(shift.script.qualifying(activeProfileID))
    }

    /// Kana-only typing, as before conversion: kana go into the document as they come.
    private func perform(_ key: KeyboardKey) {
        if performLayerKey(key) {
            returnToLettersIfNeeded(after: key)
            return
        }
        switch key {
        case .character(let text): convert(text)
        case .space: convert(EngineKey.space)
        case .enter: convert(EngineKey.enter)
        case .backspace: convert(EngineKey.backspace)
        case .shift, .mode: break
        case .dakuten: cycleDakuten()
        case .profile:
            flush()
            profiles.selectNext()
        case .globe:
            // The view switches keyboards (it needs UIKit's event); the keyboard then hides.
            flush()
        case .cursorLeft: moveCursor(forward: false)
        case .cursorRight: moveCursor(forward: true)
        }
        returnToLettersIfNeeded(after: key)
    }

    /// Sends `engineKey` to the core with the pending input and applies the answer.
    private func convert(_ engineKey: String) {
        phase = .processing(engineKey)
        let result = engine.processKey(engineKey, buffer: buffer, profileID: qualifiedProfileID)
            ?? .fallback(key: engineKey, buffer: buffer)
        phase = .resultReceived(result)
        phase = .inserting
        lastError = result.action == .error ? (result.error ?? "the core failed without a message") : nil
        if result.action == .deleteBackward {
            show(output: "", pending: "")
            composition = Composition()
            proxy.deleteBackward()
        } else {
            show(output: result.output, pending: result.buffer)
            composition = Composition(pending: result.buffer)
        }
        // Shift once covers one kana: it ends when a key leaves nothing pending.
        if engineKey != EngineKey.backspace, buffer.isEmpty { shift.kanaCompleted() }
    }

    /// Converts everything pending (a trailing н becomes ん).
    private func flush() {
        guard !buffer.isEmpty else { return }
        convert(EngineKey.flush)
    }

    /// Inserts `output` and shows `pending` in place of the pending input shown so far.
    private func show(output: String, pending: String) {
        displayedSelection = nil
        switch pendingInputStyle {
        case .marked:
            if !output.isEmpty {
                proxy.insertText(output)  // replaces the marked text
                displayedText = ""
            }
            if pending != displayedText {
                if pending.isEmpty {
                    // An empty marked range would linger (and swallow the next delete) until unmarked.
                    proxy.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
                    proxy.unmarkText()
                } else {
                    proxy.setMarkedText(pending, selectedRange: NSRange(location: pending.utf16.count, length: 0))
                }
            }
        case .inline:
            // Rewrite only what differs: д → дз adds з, к → か replaces к.
            rewriteInline(from: displayedText, to: output + pending)
        }
        displayedText = pending
    }

    /// Inline style: turns `shown` (just before the cursor) into `wanted`, changing only
    /// what differs: д → дз inserts з, к → か deletes к and inserts か.
    func rewriteInline(from shown: String, to wanted: String) {
        let shown = Array(shown)
        let wanted = Array(wanted)
        let kept = zip(shown, wanted).prefix { $0 == $1 }.count
        for _ in kept..<shown.count { proxy.deleteBackward() }
        if kept < wanted.count { proxy.insertText(String(wanted[kept...])) }
    }

    func cycleDakuten() {
        flush()
        forgetHistory()
        guard let character = proxy.documentContextBeforeInput?.last else { return }
        phase = .processing(String(character))
        guard let result = engine.cycleDakuten(String(character)) else {
            lastError = "the Rust core returned no result for the dakuten key"
            return
        }
        phase = .inserting
        switch result.action {
        case .replace:
            proxy.deleteBackward()
            proxy.insertText(result.output)
            lastError = nil
        case .none:
            lastError = nil
        case .error:
            lastError = result.error ?? "the dakuten key failed without a message"
        }
    }

    /// Moves over one user-perceived character, in UTF-16 units as iOS counts them.
    func moveCursor(forward: Bool) {
        commitAll()
        forgetHistory()
        phase = .inserting
        let context = forward ? proxy.documentContextAfterInput : proxy.documentContextBeforeInput
        guard let context else {
            // The host does not say what is there: one unit is the best guess.
            proxy.adjustTextPosition(byCharacterOffset: forward ? 1 : -1)
            return
        }
        let length = forward
            ? TextBoundaries.utf16LengthOfCharacter(after: context)
            : TextBoundaries.utf16LengthOfCharacter(before: context)
        if length > 0 {
            proxy.adjustTextPosition(byCharacterOffset: forward ? length : -length)
        }
    }

    /// A held backspace in word mode: the pending input goes whole, then one word at a time.
    private func deleteWord() {
        phase = .inserting
        if !buffer.isEmpty {
            show(output: "", pending: "")
            composition = Composition()
            return
        }
        deleteWordBeforeCursor()
    }

    /// Deletes the word before the cursor (`TextBoundaries.charactersInWord`).
    func deleteWordBeforeCursor() {
        forgetHistory()
        guard let before = proxy.documentContextBeforeInput else {
            proxy.deleteBackward()
            return
        }
        for _ in 0..<TextBoundaries.charactersInWord(before: before) {
            proxy.deleteBackward()
        }
    }

    private func profileDidChange(to profile: ProfileDescription) {
        // Whoever changed it, what is pending was typed in the old profile (and script):
        // commit it there, then start the new profile with shift off.
        run(.commitAll)
        activeProfileID = profile.id
        layer = .letters
        shift.reset()
        onStateChange?()
    }
}
