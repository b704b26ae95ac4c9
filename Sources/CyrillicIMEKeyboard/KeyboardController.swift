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
    public private(set) var phase: Phase = .idle {
        didSet { onPhaseChange?(phase) }
    }
    /// Called on every phase change (tests follow the state machine with it).
    public var onPhaseChange: ((Phase) -> Void)?
    /// Called after each key and each profile change, for the view to refresh its key caps.
    public var onStateChange: (() -> Void)?

    /// The pending input: typed letters the core has not converted yet.
    public private(set) var buffer = ""
    /// Shift: katakana while on.
    public private(set) var shift: ShiftState
    /// The profile the pending input was typed in.
    public private(set) var activeProfileID: String
    /// The layer and page shown: the letters, or a page of the symbols layer (`{mode}`).
    public private(set) var layer: KeyboardLayerPosition = .letters
    /// The widths of digits and punctuation the core writes (a setting).
    public var widths: OutputWidths
    /// The core's last error message (unknown profile, oversized input, no answer at all),
    /// cleared by the next key that converts cleanly. The text was inserted as typed anyway.
    public private(set) var lastError: String?
    /// How the pending input is shown. Changing it converts what is pending first.
    public var pendingInputStyle: PendingInputStyle {
        willSet { if newValue != pendingInputStyle { run(.flush) } }
    }

    public let profiles: ProfileManager
    private let engine: KeyboardEngine
    private let proxy: TextDocumentProxy
    private let scheduler: KeyboardScheduler
    private let deleteRepeatTiming: DeleteRepeatTiming
    private lazy var deleteRepeater = DeleteRepeater(
        timing: deleteRepeatTiming, scheduler: scheduler,
        deleteCharacter: { [weak self] in self?.run(.key(.backspace)) },
        deleteWord: { [weak self] in self?.run(.deleteWord) })
    private var profileObservation: ProfileObservation?

    /// The pending input as it stands in the document now (marked or inline).
    private var displayedBuffer = ""
    /// The document around the cursor as the last key left it, to tell the host's own
    /// edits (cursor moved by a tap) from echoes of ours.
    private var expectedContext: (before: String?, after: String?)?
    private var queue: [Command] = []
    private var isRunning = false

    private enum Command {
        case key(KeyboardKey)
        case deleteWord
        case flush
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
        run(.flush)
        return profiles.select(id)
    }

    /// The keyboard is about to appear: the app may have picked another profile meanwhile.
    public func keyboardWillAppear() {
        profiles.reload()
    }

    /// The keyboard is about to hide: convert what is pending, stop any repeat.
    public func keyboardWillHide() {
        deleteRepeater.release()
        run(.flush)
    }

    /// The host says the text or the selection changed (`textDidChange`, `selectionDidChange`).
    /// iOS also says so after the keyboard's own edits; those leave the document as the
    /// keyboard expects and change nothing. Otherwise the person moved the cursor (or the app
    /// edited the text): the host has already committed the marked text where it stood, so
    /// the pending letters stay there as typed and the keyboard starts afresh — converting
    /// them now would insert kana at the new cursor, away from the letters.
    public func documentDidChange() {
        guard !isRunning, !buffer.isEmpty, let expectedContext else { return }
        if expectedContext.before == proxy.documentContextBeforeInput,
           expectedContext.after == proxy.documentContextAfterInput {
            return
        }
        if pendingInputStyle == .marked { proxy.unmarkText() }
        buffer = ""
        displayedBuffer = ""
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
        expectedContext = buffer.isEmpty
            ? nil : (proxy.documentContextBeforeInput, proxy.documentContextAfterInput)
        onStateChange?()
    }

    private func perform(_ command: Command) {
        switch command {
        case .flush: flush()
        case .deleteWord: deleteWord()
        case .key(let key): perform(key)
        }
    }

    private func perform(_ key: KeyboardKey) {
        switch key {
        case .character(let text): convert(text)
        case .space: convert(EngineKey.space)
        case .enter: convert(EngineKey.enter)
        case .backspace: convert(EngineKey.backspace)
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
        // Like the system keyboard: after a space typed on the symbols layer, the letters
        // come back. Which keys do this is the layer's `returnToLettersAfter` in the data.
        if !layer.isLetters, key != .mode,
           let current = profiles.current.layers.first(where: { $0.id == layer.layer }),
           current.returnToLettersAfter.contains(key.label) {
            layer = .letters
        }
    }

    /// Sends `engineKey` to the core with the pending input and applies the answer.
    private func convert(_ engineKey: String) {
        phase = .processing(engineKey)
        let profileID = widths.qualifying(shift.script.qualifying(activeProfileID))
        let result = engine.processKey(engineKey, buffer: buffer, profileID: profileID)
            ?? .fallback(key: engineKey, buffer: buffer)
        phase = .resultReceived(result)
        phase = .inserting
        lastError = result.action == .error ? (result.error ?? "the core failed without a message") : nil
        if result.action == .deleteBackward {
            show(output: "", pending: "")
            buffer = ""
            proxy.deleteBackward()
        } else {
            show(output: result.output, pending: result.buffer)
            buffer = result.buffer
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
        switch pendingInputStyle {
        case .marked:
            if !output.isEmpty {
                proxy.insertText(output)  // replaces the marked text
                displayedBuffer = ""
            }
            if pending != displayedBuffer {
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
            let shown = Array(displayedBuffer)
            let wanted = Array(output + pending)
            let kept = zip(shown, wanted).prefix { $0 == $1 }.count
            for _ in kept..<shown.count { proxy.deleteBackward() }
            if kept < wanted.count { proxy.insertText(String(wanted[kept...])) }
        }
        displayedBuffer = pending
    }

    private func cycleDakuten() {
        flush()
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
    private func moveCursor(forward: Bool) {
        flush()
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
            buffer = ""
            return
        }
        guard let before = proxy.documentContextBeforeInput else {
            proxy.deleteBackward()
            return
        }
        for _ in 0..<TextBoundaries.charactersInWord(before: before) {
            proxy.deleteBackward()
        }
    }

    private func profileDidChange(to profile: ProfileDescription) {
        // Whoever changed it, what is pending was typed in the old profile: convert it there.
        run(.flush)
        activeProfileID = profile.id
        layer = .letters
        onStateChange?()
    }
}
