import CyrillicIME
/// What VoiceOver says for a key: `label` first, then `value` (a state) and `hint` (what it
/// does). A letter's label is the letter itself tagged with the profile's language, so
/// VoiceOver reads it the way that language names it (к as "ка" in Russian); its hint says
/// what it types, asked of the core, so it is never a copy of the rules.
public struct KeyAccessibility: Equatable, Sendable {
    public var label: String
    public var value: String?
    public var hint: String?
    /// BCP 47 tag for speaking `label` (`accessibilityLanguage`); `nil` for the system language.
    public var language: String?
    /// The key's name in Japanese, spoken after `label` with the language `ja` (on device an
    /// `accessibilityAttributedLabel` with two language spans); `nil` for the letters and the
    /// older function keys. Every key the layers added has one.
    public var japaneseLabel: String?

    public init(label: String, value: String? = nil, hint: String? = nil, language: String? = nil, japaneseLabel: String? = nil) {
        self.label = label
        self.value = value
        self.hint = hint
        self.language = language
        self.japaneseLabel = japaneseLabel
    }

    /// The keyboard a key is on, as far as what the key says depends on it.
    public struct Keyboard: Equatable, Sendable {
        /// The profile shown.
        public var profile: ProfileDescription
        /// The profile the profile key switches to.
        public var next: ProfileDescription
        /// The shift's state (katakana or not).
        public var shift: ShiftState.Mode
        /// The layer shown.
        public var position: KeyboardLayerPosition

        public init(
            profile: ProfileDescription, next: ProfileDescription, shift: ShiftState.Mode,
            position: KeyboardLayerPosition = .letters
        ) {
            self.profile = profile
            self.next = next
            self.shift = shift
            self.position = position
        }
    }

    /// The description of `key` on `keyboard`. Keys named in the data (`keyNames`: ー 、 。 「 」
    /// …, `{mode}`, a layer's `{shift}`) are called by those names in the profile's language
    /// and in Japanese; the other symbols by themselves, spoken in both languages.
    public static func describe(_ key: KeyboardKey, on keyboard: Keyboard, engine: KeyboardEngine) -> KeyAccessibility {
        let profile = keyboard.profile, position = keyboard.position
        let profileID = (keyboard.shift == .off ? KanaScript.hiragana : .katakana).qualifying(profile.id)
        switch key {
        case .character(let letter) where profile.keyNames.native[letter] != nil || !position.isLetters:
            return KeyAccessibility(
                label: profile.keyNames.native[letter] ?? letter,
                hint: typingHint(letter, profileID: profileID, letters: Array(profile.rows.joined()), engine: engine,
                                 sendsOtherInput: profile.keyInputs[letter] != nil),
                language: profile.language,
                japaneseLabel: profile.keyNames.ja[letter] ?? letter)
        case .mode:
            return KeyAccessibility(
                label: profile.keyNames.native[key.label] ?? "Symbols or letters",
                value: profile.label(of: profile.position(afterMode: position)),
                language: profile.language, japaneseLabel: profile.keyNames.ja[key.label] ?? "記号と文字")
        case .shift where !position.isLetters:
            return KeyAccessibility(
                label: profile.keyNames.native[key.label] ?? "Next page",
                value: profile.label(of: profile.position(afterShift: position)),
                language: profile.language, japaneseLabel: profile.keyNames.ja[key.label] ?? "次のページ")
        case .character(let letter):
            return KeyAccessibility(
                label: letter,
                hint: typingHint(letter, profileID: profileID, letters: Array(profile.rows.joined()), engine: engine),
                language: profile.language)
        case .shift:
            let state = switch keyboard.shift {
            case .off: "off"
            case .once: "on for the next kana"
            case .locked: "locked"
            }
            return KeyAccessibility(label: "Katakana shift", value: state,
                                    hint: "Types the next kana in katakana. Double-tap to type katakana until tapped again.")
        case .dakuten:
            return KeyAccessibility(label: "Dakuten",
                                    hint: "Changes the kana before the cursor to its voiced, semi-voiced or small form.")
        case .space: return KeyAccessibility(label: "Space")
        case .enter: return KeyAccessibility(label: "Return")
        case .backspace: return KeyAccessibility(label: "Delete", hint: "Hold to delete repeatedly.")
        case .globe: return KeyAccessibility(label: "Next keyboard")
        case .profile:
            return KeyAccessibility(label: "Next profile", value: profile.names.native,
                                    hint: "Switches to \(keyboard.next.names.native). Touch and hold to list all profiles.")
        case .cursorLeft: return KeyAccessibility(label: "Move cursor left")
        case .cursorRight: return KeyAccessibility(label: "Move cursor right")
        }
    }

    /// What typing `letter` alone does, in the core's words: the kana it types, or, for a
    /// letter that waits for more, an example of the kana it starts.
    private static func typingHint(
        _ letter: String, profileID: String, letters: [String], engine: KeyboardEngine, sendsOtherInput: Bool = false
    ) -> String {
        guard let alone = engine.processKey(letter, buffer: "", profileID: profileID) else {
            return "Types \(letter)."
        }
        if alone.buffer.isEmpty {
            // A key that sends other input (ー sends the long-vowel mark) was converted even
            // when the result looks like its label.
            return alone.output == letter && !sendsOtherInput ? "Types \(letter) unchanged." : "Types \(alone.output)."
        }
        // A consonant: find a letter that completes it (a vowel) to give an example.
        for vowel in letters where vowel != letter && !vowel.hasPrefix("{") {
            guard let own = engine.processKey(vowel, buffer: "", profileID: profileID),
                  own.buffer.isEmpty, own.output != vowel,
                  let together = engine.processKey(vowel, buffer: alone.buffer, profileID: profileID),
                  together.buffer.isEmpty, !together.output.isEmpty,
                  // kana only: a pair the core gives back as typed (к + й → кい) is no example
                  !together.output.contains(where: { alone.buffer.contains($0) })
            else { continue }
            return "Starts a kana: then \(vowel) types \(together.output)."
        }
        return "Starts a kana."
    }
}
