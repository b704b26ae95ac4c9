/// The answer of the Rust core to one key: the JSON object `rust_process_key` returns.
///
/// The host inserts `output`, then shows `buffer` as marked text (or clears the
/// marked text when it is empty). See docs/FFI.md for the contract.
public struct ConversionResult: Decodable, Equatable, Sendable {
    /// What the host should do besides inserting `output` and showing `buffer`.
    public enum Action: String, Decodable, Equatable, Sendable {
        /// Nothing is pending after this key.
        case commit
        /// `buffer` holds pending input to show as marked text.
        case compose
        /// Backspace with an empty buffer: delete one character before the cursor.
        case deleteBackward = "delete_backward"
        /// The core could not process the key; `output` holds the pending buffer and the key as typed.
        case error
    }

    /// Text to insert now.
    public var output: String
    /// The new pending input.
    public var buffer: String
    public var action: Action
    /// Why the key failed, for `.error` results.
    public var error: String?

    public init(output: String, buffer: String, action: Action, error: String? = nil) {
        self.output = output
        self.buffer = buffer
        self.action = action
        self.error = error
    }

    /// What the keyboard does when the core returns nothing at all (a caught panic):
    /// commit the pending buffer and the key as typed, so no keystroke is lost. Named
    /// keys contribute what they would have typed (space, newline) or nothing, and a
    /// backspace still deletes: the last pending character, or the one before the cursor.
    public static func fallback(key: String, buffer: String) -> ConversionResult {
        let typed: String
        switch key {
        case EngineKey.backspace, "\u{8}": // the core reads a literal backspace as the named key
            if buffer.isEmpty { return ConversionResult(output: "", buffer: "", action: .deleteBackward) }
            let shortened = String(buffer.unicodeScalars.dropLast())
            return ConversionResult(output: "", buffer: shortened, action: shortened.isEmpty ? .commit : .compose)
        case EngineKey.space: typed = " "
        case EngineKey.enter: typed = "\n"
        case EngineKey.flush: typed = ""
        default: typed = key
        }
        return ConversionResult(
            output: buffer + typed, buffer: "", action: .error,
            error: "the Rust core returned no result; committed the input as typed")
    }
}

/// Named keys understood by the Rust core (docs/FFI.md). Any other string is typed text.
public enum EngineKey {
    /// Drops the last pending character; with nothing pending, asks the host to delete backward.
    public static let backspace = "{backspace}"
    /// Commits everything pending: send it when the keyboard hides, the cursor moves or the profile changes.
    public static let flush = "{flush}"
    /// Flushes, then inserts a space.
    public static let space = "{space}"
    /// Flushes, then inserts a newline.
    public static let enter = "{enter}"
}

/// The script a profile's kana come out in. The core selects it by a suffix of the
/// profile id (`rus_standard:katakana`), so one ABI call serves both.
public enum KanaScript: String, Sendable, CaseIterable {
    case hiragana
    case katakana

    /// The profile id to send to the core for `profileID` in this script.
    public func qualifying(_ profileID: String) -> String {
        self == .hiragana ? profileID : "\(profileID):\(rawValue)"
    }
}

/// Full-width or half-width characters (a keyboard setting, `KeyboardSettings`).
public enum CharacterWidth: String, Sendable, CaseIterable {
    case full, half
}

/// The widths of digits and punctuation the core writes, sent as options after the profile
/// id (docs/FFI.md): the defaults, half-width digits and full-width punctuation, add nothing.
public struct OutputWidths: Equatable, Sendable {
    public var digits: CharacterWidth
    public var punctuation: CharacterWidth
    public static let standard = OutputWidths(digits: .half, punctuation: .full)

    public init(digits: CharacterWidth, punctuation: CharacterWidth) {
        self.digits = digits
        self.punctuation = punctuation
    }

    /// The profile id (already qualified with its script or not) with these widths.
    public func qualifying(_ profileID: String) -> String {
        var id = profileID
        if digits == .full { id += ":fullwidth_digits" }
        if punctuation == .half { id += ":halfwidth_punctuation" }
        return id
    }
}

/// The answer of the core to the dakuten key (`rust_cycle_dakuten`).
public struct DakutenResult: Decodable, Equatable, Sendable {
    public enum Action: String, Decodable, Equatable, Sendable {
        /// Delete the character before the cursor and insert `output`.
        case replace
        /// The character has no other form; do nothing.
        case none
        /// The call failed; `error` says why. Do nothing.
        case error
    }

    public var output: String
    public var action: Action
    public var error: String?
}
