import CyrillicIME

/// What the keyboard does with the host's traits (`HostTraits`): the return key's title and
/// whether it can be tapped, the appearance, the layer a field opens on, and whether the field
/// is private. Pure decisions, so the tests cover them; `HostField` applies them.
public struct InputTraitsPolicy: Equatable, Sendable {
    /// Search and URL fields are private too (a setting, off by default): what is typed
    /// there is neither learned, nor kept as history, nor predicted from.
    public var searchAndURLFieldsArePrivate: Bool

    public init(searchAndURLFieldsArePrivate: Bool = false) {
        self.searchAndURLFieldsArePrivate = searchAndURLFieldsArePrivate
    }

    /// A private field learns nothing, keeps no history and shows no predictions or next
    /// words: always a secure one, and search and URL fields when the setting says so.
    public func isPrivate(_ traits: HostTraits) -> Bool {
        if traits.isSecure { return true }
        guard searchAndURLFieldsArePrivate else { return false }
        return traits.returnKey == .search || [.url, .webSearch].contains(traits.fieldKind)
    }

    /// The layer a field opens on: the first symbols page (digits, @, /) for number, phone,
    /// URL and e-mail fields, the letters otherwise.
    public static func openingLayer(for traits: HostTraits, profile: ProfileDescription) -> KeyboardLayerPosition {
        switch traits.fieldKind {
        case .numberPad, .decimalPad, .phonePad, .namePhonePad, .asciiCapableNumberPad, .numbersAndPunctuation,
             .url, .emailAddress:
            profile.position(afterMode: .letters)
        case .default, .asciiCapable, .twitter, .webSearch:
            .letters
        }
    }

    /// The return key as the host names it (Apple's Japanese keyboards' words), or 確定
    /// ("confirm") while something is composed or converted, since return then commits it
    /// instead of doing the host's action.
    public static func returnKeyTitle(for traits: HostTraits, composing: Bool) -> String {
        if composing { return "確定" }
        switch traits.returnKey {
        case .default: return "改行"
        case .go: return "開く"
        case .google: return "Google"
        case .join: return "参加"
        case .next: return "次へ"
        case .route: return "経路"
        case .search: return "検索"
        case .send: return "送信"
        case .yahoo: return "Yahoo"
        case .done: return "完了"
        case .emergencyCall: return "緊急電話"
        case .continue: return "続ける"
        }
    }

    /// What VoiceOver says for the return key: the action in English words.
    public static func returnKeyAccessibilityLabel(for traits: HostTraits, composing: Bool) -> String {
        if composing { return "Confirm" }
        switch traits.returnKey {
        case .default: return "Return"
        case .emergencyCall: return "Emergency call"
        default: return traits.returnKey.rawValue.prefix(1).uppercased() + traits.returnKey.rawValue.dropFirst()
        }
    }

    /// Whether return can be tapped: always, unless the host enables it only for text and
    /// neither its field nor the composition holds any.
    public static func returnKeyIsEnabled(for traits: HostTraits, documentHasText: Bool, composing: Bool) -> Bool {
        !traits.enablesReturnKeyAutomatically || documentHasText || composing
    }
}

/// The return key to draw: its title, whether it can be tapped, and its VoiceOver label.
public struct ReturnKeyCap: Equatable, Sendable {
    public var title: String
    public var isEnabled: Bool
    public var accessibilityLabel: String
}
