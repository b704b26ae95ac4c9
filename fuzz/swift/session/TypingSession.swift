/// Typing sessions for the `typing` fuzz target: arbitrary bytes decode into keys
/// (letters of every profile and their capitals, other characters, backspace, flush,
/// space, enter, pasted pairs), profile and script switches, dakuten taps, and injected
/// core failures; `SessionChecker` runs them through a `TypingSessionDriver` and checks the
/// document after every step.
///
/// The invariant, precisely. The checker keeps `settled` (document text it has accepted)
/// and `segment` (the scalars typed since the last boundary, case-folded as the core
/// folds them). After every key:
///
///     committed + flush(marked) == settled + convert(segment)
///
/// where `flush(marked)` asks the core (statelessly) what the pending text would commit,
/// and `convert` is `ReferenceComposer`'s whole-text conversion. So at every moment the
/// text committed key by key, plus what is pending, equals converting everything typed as
/// one piece. Boundaries, where the checker re-settles on the document, are exactly the
/// places where "the typed text" stops being one piece:
///
/// - `{flush}`, a profile or script switch, a dakuten tap: the document must first equal
///   `settled + convert(segment)` exactly (nothing pending), then a new segment starts;
/// - backspace with text pending: the marked text must lose exactly its last scalar and
///   the document stay unchanged; the new segment is the remaining marked text;
/// - backspace with nothing pending: the document must lose exactly its last character;
/// - an injected failure (the core returns NULL): the documented fallback must commit the
///   marked text and the key as typed (or, for backspace, delete as above).
///
/// A converting driver (`converts`: the keyboard composes, space converts) reports the kana
/// composed as committed and the pending letters as marked, so the same invariant holds
/// while composing. Then:
///
/// - space with something composed converts it: the document outside the marked text must
///   not change, and the conversion's reading must be exactly what was composed (or, when the
///   core cannot convert, the document must gain exactly that reading);
/// - while converting, space and the bar's steps (choose, focus, resize, page) change only
///   the marked text; backspace must give back the composed reading; choosing on the last
///   segment, or a resize the core refuses, commits (the chosen text, or the reading);
/// - any other key commits the conversion shown first: the checker settles on
///   `document + shown` and goes on as for a boundary; return commits without a newline.
///
/// With live conversion (`showsLiveConversion`, as the keyboard ships), the kana composed are
/// still what the invariant checks while composing, and what return, hiding or a profile
/// switch commits is the text shown: exactly the marked text when no letters were pending
/// (less the spaces typed between words, when no conversion was shown), some text for what was
/// composed otherwise. With the Cyrillic space habit (`spaceSeparatesWords`) space while
/// composing converts the pending letters and marks a word boundary: the document must then
/// be exactly `settled + convert(segment)`, and a new segment starts; backspace takes the
/// boundary back before any kana.
///
/// So the document always equals what the writer committed: what was shown at each commit.
struct TypingSession {
    enum Step: CustomStringConvertible {
        /// A key; `failing` makes the core fail on it (`poisoning` also poisons the lock).
        case key(String, failing: Bool, poisoning: Bool)
        case switchProfile(String)
        case dakuten
        case conversion(ConversionStep)

        var description: String {
            switch self {
            case let .key(key, failing, poisoning):
                return key.debugDescription + (failing ? (poisoning ? "!!" : "!") : "")
            case let .switchProfile(id): return "→" + id
            case .dakuten: return "゛"
            case .conversion(let step): return "\(step)"
            }
        }
    }

    /// A step of the candidate bar while converting (the keyboard's `chooseCandidate`,
    /// `moveFocus`, `resizeFocusedSegment`, `turnCandidatePage`).
    enum ConversionStep: CustomStringConvertible {
        case choose(Int), focus(Int), resize(Int), page(Int)
        var description: String {
            switch self {
            case .choose(let index): return "#\(index)"
            case .focus(let delta): return delta < 0 ? "⇠" : "⇢"
            case .resize(let delta): return delta < 0 ? "⇤" : "⇥"
            case .page(let delta): return delta < 0 ? "⇞" : "⇟"
            }
        }
    }

    /// Characters that are not letters of any profile, typed to prove they pass through.
    static let extras = [
        "'", ":", "-", ".", ",", "?", "!", "5", "x", "Q", "😀", "\u{301}", "か", "é", "e\u{301}", "ß",
        "İ", "Σ", "ς", "ー", "\t", "👩‍👩‍👧", "ン", "ъ", "Ъ",
        // Decomposed letters (issue 13): marks alone and with their base letter.
        "\u{308}", "\u{306}", "е\u{308}", "И\u{306}", "і\u{308}", "у\u{306}", "\u{212A}",
    ]

    /// Decodes fuzz bytes into steps over `letters` (every profile's letter keys) and
    /// `profileIDs` (every profile in both scripts).
    static func decode(_ bytes: [UInt8], letters: [String], profileIDs: [String]) -> [Step] {
        var steps: [Step] = []
        var failing = false
        var poisoning = false
        var index = 0
        func next() -> Int {
            defer { index += 1 }
            return index < bytes.count ? Int(bytes[index]) : 0
        }
        func key(_ text: String) {
            steps.append(.key(text, failing: failing, poisoning: poisoning))
            failing = false
            poisoning = false
        }
        while index < bytes.count {
            let byte = next()
            switch byte {
            case 0..<160: key(letters[byte % letters.count])
            case 160..<176: key(extras[(byte - 160 + 16 * (byte & 1)) % extras.count])
            case 176..<188: key(EngineKey.backspace)
            case 188..<192: key("\u{8}")
            case 192..<196: key(EngineKey.space)
            case 196..<200: key(" ")
            case 200..<202: key(EngineKey.enter)
            case 202..<204: key("\n")
            case 204..<208: key(EngineKey.flush)
            case 208..<216: steps.append(.switchProfile(profileIDs[next() % profileIDs.count]))
            case 216..<220: steps.append(.dakuten)
            case 220..<225: key(letters[next() % letters.count] + letters[next() % letters.count])
            // Injected failures are rare: each one is a real (slow) Rust panic.
            case 225, 226: failing = true
            case 227: failing = true; poisoning = true
            case 228..<236: steps.append(.conversion(.choose(next() % 12)))
            case 236..<240: steps.append(.conversion(.focus(byte & 1 == 0 ? -1 : 1)))
            case 240..<246: steps.append(.conversion(.resize(byte & 1 == 0 ? -1 : 1)))
            case 246, 247: steps.append(.conversion(.page(byte & 1 == 0 ? -1 : 1)))
            default: key(letters[(byte * 7) % letters.count])
            }
        }
        return steps
    }
}

/// Runs steps through a driver and checks the invariant above after each one.
final class SessionChecker {
    private let reference: ReferenceComposer
    private let driver: TypingSessionDriver
    private let flushEngine = RustCoreEngine.shared
    private var settled: [Unicode.Scalar] = []
    private var segment: [Unicode.Scalar] = []
    private var history: [String] = []

    init(reference: ReferenceComposer, driver: TypingSessionDriver) {
        self.reference = reference
        self.driver = driver
        settled = Array(driver.committedText.unicodeScalars)
    }

    func run(_ steps: [TypingSession.Step]) {
        for step in steps {
            history.append(step.description)
            perform(step)
        }
        history.append("(final flush)")
        perform(.key(EngineKey.flush, failing: false, poisoning: false))
    }

    private func isSpace(_ key: String) -> Bool { key == EngineKey.space || key == " " }
    private func isEnter(_ key: String) -> Bool { key == EngineKey.enter || key == "\n" }
    private func isBackspace(_ key: String) -> Bool { key == EngineKey.backspace || key == "\u{8}" }

    private func perform(_ step: TypingSession.Step) {
        if driver.converts, performConverting(step) { return }
        var committedBefore = driver.committedText
        let markedBefore = driver.markedText
        let documentBefore = documentOutsideComposition()
        let composedBefore = driver.converts && (committedBefore != documentBefore || !markedBefore.isEmpty)
        let shownBefore = driver.shownText
        let spacesBefore = driver.composedSpaces
        // What a commit of the live conversion shown is checked against (`checkCommittedAsShown`).
        let liveCommit = driver.showsLiveConversion && composedBefore && driver.conversion == nil
            ? LiveCommit(document: documentBefore, shown: shownBefore, pending: markedBefore,
                         kana: String(String.UnicodeScalarView(committedBefore.unicodeScalars.dropFirst(documentBefore.unicodeScalars.count))),
                         spaces: spacesBefore)
            : nil
        if let shown = driver.conversion?.text {
            // This step commits the conversion shown first: settle on it.
            committedBefore += shown
            settled = Array(committedBefore.unicodeScalars)
            segment = []
        }
        let wasConverting = driver.conversion != nil
        switch step {
        case .conversion:
            return  // not converting: the bar's steps do nothing
        case let .key(key, failing, poisoning) where driver.converts && isEnter(key) && (composedBefore || wasConverting):
            // Return commits what is composed or shown, without a newline. The only core call
            // is the flush of pending letters; when it fails they are committed as typed.
            if failing { driver.failNextKey(poisoning: poisoning) }
            driver.type(key)
            if failing && !markedBefore.isEmpty {
                require(driver.markedText.isEmpty && driver.conversion == nil, "return left something composed")
                require(same(driver.committedText, Array((committedBefore + markedBefore).unicodeScalars)),
                        "a failed flush on return lost input: \(driver.committedText.debugDescription)")
            } else if let liveCommit {
                checkCommittedAsShown(liveCommit)
            } else {
                checkSettled()
            }
            resettle()
        case let .key(key, failing, poisoning) where driver.spaceSeparatesWords && isSpace(key) && composedBefore:
            // The Cyrillic habit: the pending letters become kana and a word boundary follows.
            // A failed flush commits what was composed as typed (the space then marks nothing).
            if failing { driver.failNextKey(poisoning: poisoning) }
            driver.type(key)
            require(driver.conversion == nil, "space with the Cyrillic habit converted")
            if failing && !markedBefore.isEmpty {
                require(driver.markedText.isEmpty, "a failed flush on space left marked text")
                require(same(driver.committedText, Array((committedBefore + markedBefore).unicodeScalars)),
                        "a failed flush on space lost input: \(driver.committedText.debugDescription)")
            } else {
                checkSettled()
            }
            resettle()
        case let .key(key, failing, poisoning):
            if failing { driver.failNextKey(poisoning: poisoning) }
            driver.type(key)
            // A flush with nothing pending asks the core nothing (the keyboard commits what it
            // shows): the failure meant for it falls on no key.
            let failed = failing && !(key == EngineKey.flush && markedBefore.isEmpty && driver is KeyboardControllerDriver)
            if failed {
                checkFallback(key: key, committedBefore: committedBefore, markedBefore: markedBefore, documentBefore: documentBefore,
                              spacesBefore: spacesBefore)
            } else if key == EngineKey.backspace || key == "\u{8}" {
                checkBackspace(committedBefore: committedBefore, markedBefore: markedBefore, documentBefore: documentBefore,
                               spacesBefore: spacesBefore)
            } else if key == EngineKey.flush {
                if let liveCommit { checkCommittedAsShown(liveCommit) } else { checkSettled() }
                resettle()
            } else {
                let typed = typedScalars(of: key, pendingBefore: markedBefore)
                if typed.replacesPendingLast { segment.removeLast() }
                segment += typed.scalars
                checkInvariant()
            }
        case let .switchProfile(id):
            // The switch flushes with the old profile (and script) first.
            let expected = settled + expectedConversion()
            driver.switchProfile(to: id)
            require(driver.markedText.isEmpty, "marked text after a profile switch")
            if let liveCommit {
                checkCommittedAsShown(liveCommit)
            } else {
                require(same(driver.committedText, expected),
                        "switching to \(id) committed \(driver.committedText.debugDescription), expected \(String(String.UnicodeScalarView(expected)).debugDescription)")
            }
            resettle()
        case .dakuten:
            // Expected: the flush, then the last character replaced by its next form
            // (asked of the core separately), or left alone when it has none.
            var expected = String(String.UnicodeScalarView(settled + expectedConversion()))
            if let last = expected.last {
                guard let answer = flushEngine.cycleDakuten(String(last)) else { fail("cycleDakuten returned nil") }
                require(answer.action != .error, "dakuten error: \(answer)")
                if answer.action == .replace {
                    require(answer.output.unicodeScalars.count == 1, "dakuten replacement is not one scalar: \(answer)")
                    expected.removeLast()
                    expected += answer.output
                }
            }
            driver.tapDakuten()
            require(same(driver.committedText, Array(expected.unicodeScalars)),
                    "after a dakuten tap: \(driver.committedText.debugDescription), expected \(expected.debugDescription)")
            require(driver.markedText.isEmpty, "marked text after a dakuten tap")
            resettle()
        }
    }

    /// Space with something composed, and every step while converting. Returns false for the
    /// steps `perform` handles (those that commit the conversion, or need no conversion).
    private func performConverting(_ step: TypingSession.Step) -> Bool {
        let committedBefore = driver.committedText
        if let session = driver.conversion {
            let shown = session.text
            let document = committedBefore  // the kana composed are empty while converting
            switch step {
            case .conversion(let barStep):
                var expected = shown
                if case .choose(let index) = barStep, session.focus == session.segments.count - 1,
                   session.focusedCandidates.indices.contains(index) {
                    var chosen = session
                    chosen.choose(index)
                    expected = chosen.text
                }
                driver.conversionStep(barStep)
                if driver.conversion != nil {
                    require(same(driver.committedText, Array(document.unicodeScalars)), "a bar step changed the committed text")
                    require(driver.conversion?.reading == session.reading, "a bar step changed the reading")
                } else if case .resize = barStep {
                    require(same(driver.committedText, Array((document + session.reading).unicodeScalars)),
                            "a refused resize should commit the reading \(session.reading.debugDescription): \(driver.committedText.debugDescription)")
                    resettle()
                } else {
                    require(same(driver.committedText, Array((document + expected).unicodeScalars)),
                            "choosing on the last segment should commit \(expected.debugDescription): \(driver.committedText.debugDescription)")
                    resettle()
                }
                return true
            case let .key(key, failing, poisoning) where isSpace(key):
                // No key reaches the core while converting: an injected failure changes nothing.
                if failing { driver.failNextKey(poisoning: poisoning) }
                driver.type(key)
                require(driver.conversion != nil, "space while converting ended the conversion")
                require(same(driver.committedText, Array(document.unicodeScalars)), "the next candidate changed the committed text")
                require(driver.conversion?.reading == session.reading, "the next candidate changed the reading")
                return true
            case let .key(key, failing, poisoning) where isBackspace(key):
                if failing { driver.failNextKey(poisoning: poisoning) }
                driver.type(key)
                require(driver.conversion == nil && driver.markedText.isEmpty, "backspace did not go back to composing")
                require(same(driver.committedText, Array((document + session.reading).unicodeScalars)),
                        "backspace should give back the reading \(session.reading.debugDescription): \(driver.committedText.debugDescription)")
                resettle()
                return true
            default:
                return false
            }
        }
        // Space with something composed converts it (with the Japanese space habit).
        guard case let .key(key, failing, poisoning) = step, isSpace(key), !driver.spaceSeparatesWords else { return false }
        let markedBefore = driver.markedText
        let documentBefore = documentOutsideComposition()
        guard documentBefore != committedBefore || !markedBefore.isEmpty else { return false }  // nothing composed: a space
        if failing {
            // The failure falls on the flush of the pending letters (if any): then the
            // composition is committed as typed and nothing is converted.
            driver.failNextKey(poisoning: poisoning)
            if !markedBefore.isEmpty {
                driver.type(key)
                require(driver.conversion == nil && driver.markedText.isEmpty, "a failed flush still converted")
                require(same(driver.committedText, Array((committedBefore + markedBefore).unicodeScalars)),
                        "a failed flush on space lost input: \(driver.committedText.debugDescription)")
                resettle()
                return true
            }
        }
        // The reading: the kana composed plus the pending letters flushed, which the invariant
        // already ties to the reference conversion of what was typed.
        guard let flushed = flushEngine.processKey(EngineKey.flush, buffer: markedBefore, profileID: driver.profileID) else {
            fail("flushing the marked text returned NULL")
        }
        let reading = String(String.UnicodeScalarView(committedBefore.unicodeScalars.dropFirst(documentBefore.unicodeScalars.count)))
            + flushed.output
        driver.type(key)
        if let session = driver.conversion {
            require(session.reading == reading, "converted \(session.reading.debugDescription), composed \(reading.debugDescription)")
            require(same(driver.committedText, Array(documentBefore.unicodeScalars)), "converting changed the document")
        } else {
            // The core could not convert: the reading is committed as kana.
            require(driver.markedText.isEmpty, "marked text after a failed conversion")
            require(same(driver.committedText, Array((documentBefore + reading).unicodeScalars)),
                    "a failed conversion should commit \(reading.debugDescription): \(driver.committedText.debugDescription)")
            resettle()
        }
        return true
    }

    /// The committed text less the kana composed (for a converting driver).
    private func documentOutsideComposition() -> String {
        guard let driver = driver as? KeyboardControllerDriver else { return driver.committedText }
        return driver.documentText
    }

    /// The scalars a text key types, composed and case-folded as the core does; a leading
    /// mark composes with the last pending letter, replacing it.
    private func typedScalars(of key: String, pendingBefore: String) -> (replacesPendingLast: Bool, scalars: [Unicode.Scalar]) {
        let text: String
        switch key {
        case EngineKey.space: text = " "
        case EngineKey.enter: text = "\n"
        default: text = key
        }
        let profile = currentProfile()
        let pendingLast = pendingBefore.isEmpty ? nil : segment.last
        return ReferenceComposer.prepare(text, after: pendingLast, in: profile)
    }

    private func currentProfile() -> ReferenceComposer.Profile {
        let id = driver.profileID.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        guard let profile = reference.profiles[id] else { fail("profile \(id) is not in the data") }
        return profile
    }

    private func expectedConversion() -> [Unicode.Scalar] {
        ReferenceComposer.convert(segment, in: currentProfile(), katakana: driver.profileID.hasSuffix(":katakana"))
    }

    /// committed + flush(marked) == settled + convert(segment)
    private func checkInvariant() {
        guard let flushed = flushEngine.processKey(EngineKey.flush, buffer: driver.markedText, profileID: driver.profileID) else {
            fail("flushing the marked text returned NULL")
        }
        require(flushed.action == .commit && flushed.buffer.isEmpty, "flush did not commit: \(flushed)")
        let actual = Array(driver.committedText.unicodeScalars) + Array(flushed.output.unicodeScalars)
        let expected = settled + expectedConversion()
        require(actual == expected, """
            key by key ≠ whole text
              committed + pending flush: \(String(String.UnicodeScalarView(actual)).debugDescription)
              settled + convert(typed):   \(String(String.UnicodeScalarView(expected)).debugDescription)
              typed since the boundary:   \(String(String.UnicodeScalarView(segment)).debugDescription)
            """)
    }

    /// Nothing pending, and the document is exactly settled + convert(segment).
    private func checkSettled() {
        require(driver.markedText.isEmpty, "marked text \(driver.markedText.debugDescription) after a flush")
        checkInvariant()
    }

    private func checkBackspace(committedBefore: String, markedBefore: String, documentBefore: String? = nil, spacesBefore: [Int] = []) {
        let kanaBefore = documentBefore.map { String(String.UnicodeScalarView(committedBefore.unicodeScalars.dropFirst($0.unicodeScalars.count))) } ?? ""
        if markedBefore.isEmpty, let last = spacesBefore.last, last == kanaBefore.unicodeScalars.count {
            // A word boundary typed last goes first (the Cyrillic habit): the kana stay.
            require(driver.composedSpaces == Array(spacesBefore.dropLast()), "backspace did not take the last word boundary: \(spacesBefore) → \(driver.composedSpaces)")
            require(driver.markedText.isEmpty, "backspace over a word boundary left marked text")
            require(same(driver.committedText, Array(committedBefore.unicodeScalars)), "backspace over a word boundary changed the kana")
            resettle()
        } else if markedBefore.isEmpty, let documentBefore, !kanaBefore.isEmpty {
            // A converting keyboard's composition loses its own last character: that of the
            // word after the last boundary (a mark typed after a space does not join the kana
            // before it).
            let wordStart = spacesBefore.last ?? 0
            let kana = kanaBefore.unicodeScalars
            let word = String(String.UnicodeScalarView(kana.dropFirst(wordStart)))
            let expected = String(String.UnicodeScalarView(kana.prefix(wordStart))) + String(word.dropLast())
            require(driver.markedText.isEmpty, "backspace with nothing pending left marked text")
            require(same(driver.committedText, Array((documentBefore + expected).unicodeScalars)),
                    "backspace should drop the last composed character: \(committedBefore.debugDescription) → \(driver.committedText.debugDescription)")
            require(driver.composedSpaces == spacesBefore, "backspace into the kana changed the word boundaries: \(spacesBefore) → \(driver.composedSpaces)")
            resettle()
        } else if markedBefore.isEmpty {
            require(driver.markedText.isEmpty, "backspace with nothing pending left marked text")
            require(same(driver.committedText, Array(String(committedBefore.dropLast()).unicodeScalars)),
                    "backspace with nothing pending should delete one character: \(committedBefore.debugDescription) → \(driver.committedText.debugDescription)")
            resettle()
        } else {
            require(same(driver.committedText, Array(committedBefore.unicodeScalars)), "backspace in the marked text changed the document")
            require(same(driver.markedText, Array(markedBefore.unicodeScalars.dropLast())),
                    "backspace should drop the last pending scalar: \(markedBefore.debugDescription) → \(driver.markedText.debugDescription)")
            settled = Array(driver.committedText.unicodeScalars)
            segment = Array(driver.markedText.unicodeScalars)
            checkInvariant()
        }
    }

    /// The documented fallback when the core returns NULL: commit marked text + key as typed.
    /// A backspace is checked as without a failure: with letters pending the fallback drops the
    /// last one as the core would, and otherwise the core is not asked (a converting keyboard's
    /// composition loses its own last character, else the document its last).
    private func checkFallback(key: String, committedBefore: String, markedBefore: String, documentBefore: String, spacesBefore: [Int]) {
        if key == EngineKey.backspace || key == "\u{8}" {
            checkBackspace(committedBefore: committedBefore, markedBefore: markedBefore, documentBefore: documentBefore,
                           spacesBefore: spacesBefore)
            return
        }
        let typed: String
        switch key {
        case EngineKey.space: typed = " "
        case EngineKey.enter: typed = "\n"
        case EngineKey.flush: typed = ""
        default: typed = key
        }
        require(driver.markedText.isEmpty, "the fallback left marked text")
        require(same(driver.committedText, Array((committedBefore + markedBefore + typed).unicodeScalars)),
                "the fallback lost input: \(committedBefore.debugDescription) + \(markedBefore.debugDescription) + \(key.debugDescription) → \(driver.committedText.debugDescription)")
        resettle()
    }

    /// What was composed and shown before a step that commits live conversion's text.
    private struct LiveCommit {
        var document: String, shown: String, pending: String, kana: String, spaces: [Int]
    }

    /// A commit with live conversion: nothing stays composed, the text before the composition
    /// is kept, and what joins it is the text shown (less the spaces typed between words when
    /// the kana were shown, not a conversion) — or, with letters pending, whose kana change the
    /// conversion, some text whenever there was something to convert.
    private func checkCommittedAsShown(_ before: LiveCommit) {
        require(driver.markedText.isEmpty && driver.conversion == nil && driver.shownText.isEmpty, "the commit left something composed")
        let document = Array(driver.committedText.unicodeScalars)
        let kept = Array(before.document.unicodeScalars)
        require(document.starts(with: kept), "the commit changed the text before the composition: \(driver.committedText.debugDescription)")
        let added = String(String.UnicodeScalarView(document.dropFirst(kept.count)))
        if before.pending.isEmpty {
            // Scalar by scalar: a mark typed after a space joins it into one character.
            let shownWithoutSpaces = String(String.UnicodeScalarView(before.shown.unicodeScalars.filter { $0 != " " }))
            let kanaShown = !before.spaces.isEmpty && added == before.kana && shownWithoutSpaces == before.kana
            require(added == before.shown || kanaShown,
                    "committed \(added.debugDescription), shown \(before.shown.debugDescription)")
        } else {
            guard let flushed = flushEngine.processKey(EngineKey.flush, buffer: before.pending, profileID: driver.profileID) else {
                fail("flushing the marked text returned NULL")
            }
            require(!added.isEmpty || (before.kana + flushed.output).isEmpty,
                    "nothing committed for \((before.kana + flushed.output).debugDescription)")
        }
    }

    private func resettle() {
        settled = Array(driver.committedText.unicodeScalars)
        segment = []
    }

    private func same(_ text: String, _ scalars: [Unicode.Scalar]) -> Bool {
        Array(text.unicodeScalars) == scalars
    }

    private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    private func fail(_ message: String) -> Never {
        fatalError("""
            typing session invariant broken: \(message)
              profile: \(driver.profileID)
              steps: \(history.joined(separator: " "))
            """)
    }
}
