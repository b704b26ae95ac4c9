import CyrillicIME
import CyrillicIMEKeyboard
import CyrillicIMETestSupport
import Foundation

/// `cyrillic-ime type`: the keyboard in a terminal. Keys go through `KeyboardController`
/// into an in-memory document exactly as on device; the screen shows the profile's
/// keyboard (from its computed layout), the document with the marked text underlined and
/// the cursor as │, and the marked range in UTF-16 units. Above the keys, the candidate bar:
/// predictions while composing, the focused segment's candidates while converting (space),
/// numbered for the digit keys.
func runType(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.type)
    let options = Options(parsed)
    let qwerty = parsed.has("--qwerty")
    let inline = parsed.has("--inline")
    let kanaOnly = parsed.has("--kana-only")
    let dictionary = options.dictionaryFile
    let storeDirectory = parsed.value("--store")
    let live = try liveSettings(parsed)
    let engine = try startEngine(options)
    // Without a dictionary the keyboard still types: space then commits the kana, and the
    // screen says why (`core:`). --kana-only never converts.
    var dictionaryProblem: String?
    if !kanaOnly {
        do {
            _ = try loadDictionary(dictionary, engine: engine)
        } catch {
            dictionaryProblem = error.message
        }
    }
    let start = try findProfile(options.profileID, engine: engine)
    let profiles: ProfileManager
    do {
        // The terminal keeps no settings: an in-memory store, starting at --profile.
        profiles = try ProfileManager(engine: engine, keyboardStore: InMemorySettingsStore())
    } catch {
        throw CommandError(code: .dataError, message: error.description)
    }
    profiles.select(start.id)
    let document = InMemoryTextDocumentProxy()
    var settings = KeyboardSettings(
        pendingInputStyle: inline ? .inline : .marked, kanaOnlyProfiles: kanaOnly ? Set(profiles.profiles.map(\.id)) : [])
    settings.candidates.emoji = !parsed.has("--no-emoji")
    settings.live = live.for(profiles.profiles)
    let controller = KeyboardController(
        engine: engine, proxy: document, profiles: profiles, scheduler: MainQueueScheduler(), settings: settings)
    // Learning: what is committed from the candidate bar is learned in the store (--store DIR,
    // else the user's state directory) and ranks first the next time (docs/LEARNING.md).
    let store = storeDirectory ?? defaultStoreDirectory()
    var storeProblem: String?
    var openingWarnings: [String] = []
    do {
        let info = try engine.openUserStore(atDirectory: store)
        controller.learning = engine
        openingWarnings = info.warnings
    } catch {
        storeProblem = error.message
    }
    /// The store line, as the store is now: it changes with every commit and registration.
    func storeNote() -> String {
        if let storeProblem { return "store: \(store) (learning off: \(storeProblem))" }
        guard let info = engine.userStoreInfo() else { return "store: \(store) (closed)" }
        return "store: \(store) (\(info.learned) learned, \(info.words) words\(info.persistent ? "" : ", not saved: the place is not writable"))"
            + openingWarnings.map { "; \($0)" }.joined()
    }

    let terminal = try RawTerminal()
    let screen = TerminalScreen(qwerty: qwerty)
    var qwertyMap = (profileID: profiles.current.id, map: QwertyKeyMap(rows: profiles.current.rows))
    var registration: WordRegistration?
    var registrationNote: String?
    // A learning notice is shown once, as one line: a failed save's until a save works again.
    var learningNote: String?
    func draw() {
        if let notice = controller.takeLearningNotice() {
            learningNote = notice
        } else if controller.learningStatus.problem == nil {
            learningNote = nil
        }
        let notes = [dictionaryProblem.map { "dictionary: \($0)" }, storeNote(), registrationNote, learningNote].compactMap { $0 }
        terminal.write(screen.draw(controller: controller, document: document, notes: notes, registration: registration))
    }
    draw()
    reading: while true {
        let input = terminal.read()
        // Registering a word: the keys edit the word until Enter saves it or Escape cancels.
        if var current = registration {
            switch input {
            case .endOfInput, .control(0x03), .control(0x04): break reading
            case .control(0x1B):
                registration = nil
                registrationNote = "register: cancelled"
            case .control(0x0D), .control(0x0A):
                registration = nil
                registrationNote = current.save(engine: engine)
            case .control(0x08): current.deleteBackward(); registration = current
            case .control(0x15): current.text = ""; registration = current
            case .text(let character): current.text.append(character); registration = current
            default: break
            }
            draw()
            continue
        }
        registrationNote = nil
        switch input {
        case .endOfInput, .control(0x03), .control(0x04): break reading
        case .control(0x08): controller.tap(.backspace)
        case .control(0x0D), .control(0x0A): controller.tap(.enter)
        // Escape: from converting back to the reading, as in every Japanese IME.
        case .control(0x1B): controller.cancelConversionToReading()
        // Ctrl-R: register the word being converted (its reading, and the text shown to edit).
        case .control(0x12):
            if let session = controller.conversion {
                registration = WordRegistration(reading: session.reading, text: session.text)
            } else {
                registrationNote = "register: convert first (space), then Ctrl-R registers the reading with a text of your own"
            }
        // Tab: the next candidate while converting, else the next profile.
        case .control(0x09) where controller.inputState == .converting: controller.tap(.space)
        case .control(0x09): controller.tap(.profile)
        case .shiftArrowLeft: controller.resizeFocusedSegment(by: -1)
        case .shiftArrowRight: controller.resizeFocusedSegment(by: 1)
        case .arrowDown: controller.turnCandidatePage(by: 1)
        case .arrowUp: controller.turnCandidatePage(by: -1)
        // Digits choose from the bar while it shows something; otherwise they type.
        case .text(let character) where !controller.candidateBar.isEmpty && ("1"..."9").contains(character):
            let index = controller.candidateBar.pageRange.lowerBound + Int(String(character))! - 1
            if controller.candidateBar.pageRange.contains(index) { controller.chooseCandidate(at: index) }
        case .control(0x0B): controller.tap(.shift)
        case .control(0x0E): controller.tap(.dakuten)
        case .control(0x0F): controller.tap(.mode)
        case .arrowLeft: controller.tap(.cursorLeft)
        case .arrowRight: controller.tap(.cursorRight)
        case .text(" "): controller.tap(.space)
        case .text(let character):
            if qwertyMap.profileID != profiles.current.id {
                qwertyMap = (profiles.current.id, QwertyKeyMap(rows: profiles.current.rows))
            }
            let letter = qwerty ? qwertyMap.map.map(character) : String(character)
            // On another layer a key types what sits at its place there (й → 、 on symbols).
            let key = LayerKeyMap(from: profiles.current.rows, to: controller.currentRows).map(letter)
            controller.tap(.character(key))
        case .control: break  // not keys of this keyboard
        }
        draw()
    }
    controller.keyboardWillHide()
    terminal.restore()
    print(document.text)
    // The text is out; the learning that was not saved is said on stderr, not dropped.
    let status = controller.learningStatus
    if status.unsavedCommits > 0, let problem = status.problem {
        let commits = status.unsavedCommits == 1 ? "1 commit was" : "\(status.unsavedCommits) commits were"
        FileHandle.standardError.write(Data("cyrillic-ime: \(commits) learned but not saved: \(problem)\n".utf8))
    }
}

/// Draws the terminal keyboard screen.
struct TerminalScreen {
    var qwerty: Bool
    /// Terminal columns per point of a 375-pt-wide keyboard: 72 columns in all.
    private let layoutWidth = 375.0
    private let columns = 72.0

    func draw(controller: KeyboardController, document: InMemoryTextDocumentProxy, notes: [String] = [], registration: WordRegistration? = nil) -> String {
        let profile = controller.profiles.current
        let position = controller.layer
        let shift = switch controller.shift.mode {
        case .off: "off"
        case .once: "katakana (one kana)"
        case .locked: "katakana (locked)"
        }
        var lines = [
            "cyrillic-ime type — \(profile.names.native) [\(profile.id)]\(qwerty ? " — QWERTY positions" : "")",
            "shift: \(shift) · layer: \(layerName(position, profile: profile)) · \(stateName(controller))",
            "",
        ]
        lines += candidateLines(controller)
        lines += keyboardRows(profile: profile, position: position, shift: controller.shift.mode)
        lines.append("")
        lines.append("document:")
        lines += documentLines(document, conversion: controller.conversion)
        if let marked = document.markedRange, let text = document.markedText {
            lines.append("marked: «\(text)» UTF-16 \(marked.location)..<\(marked.location + marked.length)")
        } else {
            lines.append("marked: none")
        }
        lines.append("cursor: UTF-16 \(document.cursorOffset)")
        if let error = controller.lastError { lines.append("core: \(error)") }
        lines += notes
        if let registration {
            lines.append("register: \(registration.reading) → \(registration.text)│   (type the word · Backspace · ^U clear · Enter save · Esc cancel)")
        }
        lines.append("")
        lines.append("space convert/next · 1-9 choose · Tab next candidate (else profile) · ←/→ segment (else cursor) · Shift+←/→ resize · ↑/↓ page")
        lines.append("Enter commit · Esc back to the reading · ^R register word · ^O letters/symbols · ^K shift · ^N dakuten · ^C/^D quit")
        return "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n")
    }

    private func stateName(_ controller: KeyboardController) -> String {
        if controller.isKanaOnly { return "kana only" }
        switch controller.inputState {
        case .idle: return "idle"
        case .composing: return "composing"
        case .converting: return "converting"
        }
    }

    /// The candidate bar (numbered, the focused item in brackets) and, while converting,
    /// the segments with the focused one in brackets.
    private func candidateLines(_ controller: KeyboardController) -> [String] {
        let bar = controller.candidateBar
        var lines: [String] = []
        if let session = controller.conversion {
            let segments = session.segments.indices.map { index in
                index == session.focus ? "[\(session.text(ofSegment: index))]" : session.text(ofSegment: index)
            }
            lines.append("segments: " + segments.joined(separator: " "))
        }
        var line = bar.content == .predictions ? "predictions: " : "candidates: "
        for index in bar.pageRange {
            let text = bar.items[index].text
            let number = index - bar.pageRange.lowerBound + 1
            line += index == bar.focus ? "\(number)[\(text)] " : "\(number) \(text)  "
        }
        if bar.pageCount > 1 { line += "(page \(bar.page + 1)/\(bar.pageCount))" }
        lines.append(bar.isEmpty ? "candidates: —" : line)
        lines.append("")
        return lines
    }

    /// `letters`, or `symbols 1/2 (123)`.
    private func layerName(_ position: KeyboardLayerPosition, profile: ProfileDescription) -> String {
        guard let layer = profile.layers.first(where: { $0.id == position.layer }) else { return position.layer }
        return "\(layer.id) \(position.page + 1)/\(layer.pages.count) (\(profile.label(of: position)))"
    }

    /// The keys at their layout positions, scaled to columns.
    private func keyboardRows(profile: ProfileDescription, position: KeyboardLayerPosition, shift: ShiftState.Mode) -> [String] {
        let shown = profile.rows(at: position)
        guard let layout = try? KeyboardLayout(rows: shown, environment: LayoutEnvironment(width: layoutWidth)) else {
            return shown.map { $0.joined(separator: " ") }
        }
        let scale = columns / layoutWidth
        var rows: [String] = []
        for row in 0..<shown.count {
            var line = ""
            for frame in layout.keys where frame.row == row {
                let start = max(Int((frame.visibleFrame.x * scale).rounded()), line.isEmpty ? 0 : line.count + 1)
                // Rounding the width, not the right edge, keeps all letter caps one width.
                let end = start + max(Int((frame.visibleFrame.width * scale).rounded()), 3)
                if line.count < start { line += String(repeating: " ", count: start - line.count) }
                let inner = end - start - 2
                var title = String(title(of: frame.key, profile: profile, position: position, shift: shift).prefix(inner))
                let padding = inner - title.count
                title = String(repeating: " ", count: padding / 2) + title + String(repeating: " ", count: padding - padding / 2)
                line += "[" + title + "]"
            }
            rows.append(line)
        }
        return rows
    }

    private func title(of key: KeyboardKey, profile: ProfileDescription, position: KeyboardLayerPosition, shift: ShiftState.Mode) -> String {
        switch key {
        case .character(let text): text
        case .mode: KeyboardSVG.title(of: key, profile: profile, at: position)
        case .shift where !position.isLetters: KeyboardSVG.title(of: key, profile: profile, at: position)
        case .shift: shift == .off ? "shift" : shift == .once ? "SHIFT" : "LOCK"
        case .dakuten: "dak"
        case .space: "space"
        case .profile: "prof"
        case .backspace: "del"
        case .enter: "enter"
        case .globe: "globe"
        case .cursorLeft: "<"
        case .cursorRight: ">"
        }
    }

    /// The document with the marked text underlined and the cursor drawn as │. While
    /// converting, the marked text is drawn segment by segment: the focused one in brackets
    /// (and reverse video), the others underlined, separated by |.
    private func documentLines(_ document: InMemoryTextDocumentProxy, conversion: ConversionSession?) -> [String] {
        let units = document.utf16
        let marked = document.markedRange
        let cursor = document.cursorOffset
        var output = ""
        var runStart = 0
        func flushRun(to end: Int) {
            if end > runStart { output += String(decoding: units[runStart..<end], as: UTF16.self) }
            runStart = end
        }
        if let conversion, let marked, marked.length == conversion.text.utf16.count {
            flushRun(to: marked.location)
            let segments = conversion.segments.indices.map { index in
                let text = conversion.text(ofSegment: index)
                return index == conversion.focus ? "\u{1B}[7m[\(text)]\u{1B}[27m" : "\u{1B}[4m\(text)\u{1B}[24m"
            }
            output += segments.joined(separator: "|")
            runStart = marked.location + marked.length
            flushRun(to: units.count)
            return output.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        for offset in 0...units.count {
            var markers = ""
            if let marked, marked.length > 0, offset == marked.location + marked.length { markers += "\u{1B}[24m" }
            if offset == cursor { markers += "│" }
            if let marked, marked.length > 0, offset == marked.location { markers += "\u{1B}[4m" }
            if !markers.isEmpty {
                flushRun(to: offset)
                output += markers
            }
        }
        flushRun(to: units.count)
        return output.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
}

/// A word being registered from the terminal keyboard (Ctrl-R while converting), the way
/// Mozc's and azooKey's word registration works: the reading is the one being converted,
/// the text starts as the conversion shown and is edited by typing; Enter adds it to the
/// user dictionary (the core's `rust_user_words`), where it converts from then on.
struct WordRegistration {
    var reading: String
    var text: String

    mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
    }

    /// Adds the word as a common noun (`cyrillic-ime words add … --class` gives another
    /// class); returns the note to show, with the class the store now holds.
    func save(engine: RustCoreEngine) -> String {
        guard !text.isEmpty else { return "register: no text, nothing registered" }
        do {
            let words = try engine.addUserWord(reading: reading, text: text).value
            let wordClass = words.first { $0.text == text }?.wordClass ?? UserWord.defaultClass
            return "registered \(reading) → \(text) (\(wordClass))"
        } catch {
            return "register: \(error.message.replacingOccurrences(of: "$", with: ""))"
        }
    }
}

/// Where the terminal keeps learned choices without `--store`: $XDG_STATE_HOME/cyrillic-ime,
/// else ~/.local/state/cyrillic-ime.
func defaultStoreDirectory() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/cyrillic-ime" }
    return (environment["HOME"] ?? ".") + "/.local/state/cyrillic-ime"
}

/// Live conversion's settings from `--live`, `--auto-commit N` and `--space HABIT`: with
/// `--live`, the keyboard's own defaults (each profile its standard space habit); without it,
/// live conversion off and space converting, as the terminal keyboard typed before it.
private struct TerminalLiveSettings {
    var isOn: Bool
    var autoCommit: AutoCommit
    var habit: SpaceHabit?

    /// The settings for these profiles: `--space` gives every one its habit.
    func `for`(_ profiles: [ProfileDescription]) -> LiveConversionSettings {
        let everyProfile = { (habit: SpaceHabit) in Dictionary(uniqueKeysWithValues: profiles.map { ($0.id, habit) }) }
        let habits = habit.map(everyProfile) ?? (isOn ? [:] : everyProfile(.japanese))
        return LiveConversionSettings(isOn: isOn, autoCommit: autoCommit, spaceHabits: habits)
    }
}

private func liveSettings(_ parsed: ParsedArguments) throws(CommandError) -> TerminalLiveSettings {
    var autoCommit = AutoCommit.off
    if let value = parsed.value("--auto-commit") {
        guard let count = Int(value), let parsed = AutoCommit(storedValue: String(count)) else {
            throw CommandError(code: .usage, message: "--auto-commit takes a number of keystrokes from 1 to 100, got \(value)")
        }
        autoCommit = parsed
    }
    var habit: SpaceHabit?
    if let value = parsed.value("--space") {
        guard let known = SpaceHabit(rawValue: value) else {
            throw CommandError(code: .usage, message: "--space takes japanese or cyrillic, got \(value)")
        }
        habit = known
    }
    return TerminalLiveSettings(isOn: parsed.has("--live"), autoCommit: autoCommit, habit: habit)
}
