import CyrillicIME
import Foundation

/// How the pending input (the Cyrillic not yet converted) is shown in the document.
public enum PendingInputStyle: String, Sendable, CaseIterable {
    /// As marked text, underlined by the host, like every IME: the default.
    case marked
    /// As ordinary text, replaced as it converts: for fields that misbehave with marked
    /// text (some web views and chat apps drop or duplicate it).
    case inline
}

/// The keyboard's adjustable behaviour.
public struct KeyboardSettings: Equatable, Sendable {
    public enum StoreKey {
        /// `"marked"` or `"inline"`.
        public static let pendingInputStyle = "pendingInputStyle"
        /// `"half"` (the default) or `"full"`: 2024 or ２０２４.
        public static let digitWidth = "digitWidth"
        /// `"full"` (the default) or `"half"`: 、。？！ or ,.?!
        public static let punctuationWidth = "punctuationWidth"
    }

    public var pendingInputStyle: PendingInputStyle
    public var deleteRepeat: DeleteRepeatTiming
    public var shiftDoubleTapInterval: TimeInterval
    /// Digits and punctuation in full or half width; what Japanese writers expect by default.
    public var widths: OutputWidths

    public init(
        pendingInputStyle: PendingInputStyle = .marked,
        deleteRepeat: DeleteRepeatTiming = .standard,
        shiftDoubleTapInterval: TimeInterval = ShiftState.defaultDoubleTapInterval,
        widths: OutputWidths = .standard
    ) {
        self.pendingInputStyle = pendingInputStyle
        self.deleteRepeat = deleteRepeat
        self.shiftDoubleTapInterval = shiftDoubleTapInterval
        self.widths = widths
    }

    /// The settings the stores hold (the keyboard's own first, then the App Group's);
    /// defaults for anything missing or unreadable.
    public init(stores: [SettingsStore]) {
        self.init()
        let style = stores.lazy.compactMap { $0.string(forKey: StoreKey.pendingInputStyle) }.first
        if let style, let known = PendingInputStyle(rawValue: style) {
            pendingInputStyle = known
        }
        func width(_ key: String) -> CharacterWidth? {
            stores.lazy.compactMap { $0.string(forKey: key) }.first.flatMap(CharacterWidth.init(rawValue:))
        }
        widths.digits = width(StoreKey.digitWidth) ?? widths.digits
        widths.punctuation = width(StoreKey.punctuationWidth) ?? widths.punctuation
    }
}
