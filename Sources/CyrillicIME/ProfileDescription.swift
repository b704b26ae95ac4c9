/// A profile as the running Rust core describes it (`rust_profiles_json`):
/// what a host needs to offer it, not its conversion rules, which stay in the core.
public struct ProfileDescription: Decodable, Equatable, Sendable, Identifiable {
    public struct Names: Decodable, Equatable, Sendable {
        public var en: String
        public var ja: String
        /// The name in the profile's own language.
        public var native: String
    }

    /// One page of a layer: five rows and the label a key leading to it shows (`123`, `#+=`).
    public struct Page: Decodable, Equatable, Sendable {
        public var label: String
        public var rows: [[String]]
    }

    /// A layer besides the letters (`symbols`), reached with the `{mode}` key; its `{shift}`
    /// turns the pages. After a key in `returnToLettersAfter` the keyboard goes back to the letters.
    public struct Layer: Decodable, Equatable, Sendable {
        public var id: String
        public var returnToLettersAfter: [String]
        public var pages: [Page]
    }

    /// VoiceOver names of keys (by label: `ー`, `{mode}`) in the profile's language and in Japanese.
    public struct KeyNames: Decodable, Equatable, Sendable {
        public var native: [String: String]
        public var ja: [String: String]
        public static let none = KeyNames(native: [:], ja: [:])
    }

    public var id: String
    /// BCP 47 language tag of the profile's writers.
    public var language: String
    public var names: Names
    /// Keyboard rows of the letter layer: digits, three letter rows, function keys (written `{name}`).
    public var rows: [[String]]
    /// What the `{mode}` key shows when it leads back to the letters (`あ`).
    public var lettersLabel: String
    public var layers: [Layer]
    /// Keys whose label is not what they send: the core translates them (`ー` → `:`); shown for information.
    public var keyInputs: [String: String]
    public var keyNames: KeyNames

    private enum CodingKeys: String, CodingKey {
        case id, language, names, rows, lettersLabel, layers, keyInputs, keyNames
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        language = try container.decode(String.self, forKey: .language)
        names = try container.decode(Names.self, forKey: .names)
        rows = try container.decode([[String]].self, forKey: .rows)
        // Absent from cores older than the layers: a letter layer only.
        lettersLabel = try container.decodeIfPresent(String.self, forKey: .lettersLabel) ?? ""
        layers = try container.decodeIfPresent([Layer].self, forKey: .layers) ?? []
        keyInputs = try container.decodeIfPresent([String: String].self, forKey: .keyInputs) ?? [:]
        keyNames = try container.decodeIfPresent(KeyNames.self, forKey: .keyNames) ?? .none
    }

    /// The letters the profile types, in lower case: the keys of its letter rows that are one
    /// letter of an alphabet (not kana, digits or function keys).
    public var letters: Set<Character> {
        Set(rows.joined().filter { $0.count == 1 && TypedWords.isLetter(Character($0)) }.map { Character($0.lowercased()) })
    }

    /// Every page of every layer, the letters first: what the keyboard can show.
    public var allPositions: [KeyboardLayerPosition] {
        [.letters] + layers.flatMap { layer in layer.pages.indices.map { KeyboardLayerPosition(layer: layer.id, page: $0) } }
    }

    /// The rows shown at `position`; the letter rows for a layer or page the profile does not have.
    public func rows(at position: KeyboardLayerPosition) -> [[String]] {
        page(at: position)?.rows ?? rows
    }

    /// The page at `position`, `nil` for the letters.
    public func page(at position: KeyboardLayerPosition) -> Page? {
        guard let layer = layers.first(where: { $0.id == position.layer }), layer.pages.indices.contains(position.page) else {
            return nil
        }
        return layer.pages[position.page]
    }

    /// Where the `{mode}` key goes from `position`: the letters go to the first layer, each
    /// layer to the next, the last back to the letters.
    public func position(afterMode position: KeyboardLayerPosition) -> KeyboardLayerPosition {
        let ids = layers.map(\.id)
        guard !ids.isEmpty else { return .letters }
        if position.isLetters { return KeyboardLayerPosition(layer: ids[0], page: 0) }
        guard let index = ids.firstIndex(of: position.layer), index + 1 < ids.count else { return .letters }
        return KeyboardLayerPosition(layer: ids[index + 1], page: 0)
    }

    /// Where the layer's `{shift}` goes from `position`: the next page, after the last the first.
    public func position(afterShift position: KeyboardLayerPosition) -> KeyboardLayerPosition {
        guard let layer = layers.first(where: { $0.id == position.layer }), !layer.pages.isEmpty else { return position }
        return KeyboardLayerPosition(layer: layer.id, page: (position.page + 1) % layer.pages.count)
    }

    /// Where a key labelled `label` (`{space}`, a symbol) leaves the keyboard that was at
    /// `position`: back on the letters if it is one of the layer's `returnToLettersAfter`
    /// (a space typed on the symbols, like the system keyboard), else where it was.
    public func position(afterKey label: String, at position: KeyboardLayerPosition) -> KeyboardLayerPosition {
        let layer = layers.first(where: { $0.id == position.layer })
        return layer?.returnToLettersAfter.contains(label) == true ? .letters : position
    }

    /// What a key leading to `position` shows: `あ` for the letters, the page's label otherwise.
    public func label(of position: KeyboardLayerPosition) -> String {
        page(at: position)?.label ?? lettersLabel
    }
}

/// Which layer and page the keyboard shows: the letters, or a page of a profile's layer.
public struct KeyboardLayerPosition: Hashable, Sendable, CustomStringConvertible {
    public static let lettersID = "letters"
    public static let letters = KeyboardLayerPosition(layer: lettersID, page: 0)

    public var layer: String
    /// 0-based.
    public var page: Int

    public init(layer: String, page: Int = 0) {
        self.layer = layer
        self.page = page
    }

    public var isLetters: Bool { layer == Self.lettersID }

    /// `letters`, `symbols` (its first page), `symbols:2`.
    public var description: String { page == 0 ? layer : "\(layer):\(page + 1)" }
}

struct ProfileList: Decodable {
    var profiles: [ProfileDescription]
}
