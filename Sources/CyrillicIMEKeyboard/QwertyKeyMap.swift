import CyrillicIME
/// Maps a Latin (US QWERTY) hardware keyboard onto a profile's keys by position, for
/// people without a Cyrillic layout: the key where q sits types the profile's first
/// letter of its first letter row (й on Russian ЙЦУКЕН), and so on — as a Russian
/// keyboard does, where `,` and `.` sit on б and ю. Shifted Latin letters type the
/// uppercase letter; anything else (digits, space, `:`, `-`, `?`) types itself.
public struct QwertyKeyMap: Equatable, Sendable {
    /// The US QWERTY keys, row by row, that the profile's three letter rows map onto.
    public static let qwertyRows = ["qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,./"]

    private var mapping: [Character: String] = [:]

    /// The map for a profile's `rows` (digits, three letter rows, function keys).
    public init(rows: [[String]]) {
        let letterRows = rows.dropFirst().prefix(3)
        for (qwerty, letters) in zip(Self.qwertyRows, letterRows) {
            let keys = letters.filter { !$0.hasPrefix("{") }
            for (latin, letter) in zip(qwerty, keys) {
                mapping[latin] = letter
                if latin.isLetter, let upper = latin.uppercased().first {
                    mapping[upper] = letter.uppercased()
                }
            }
        }
    }

    /// What the Latin key `character` types on the profile.
    public func map(_ character: Character) -> String {
        mapping[character] ?? String(character)
    }

    /// `text` typed key by key through the map.
    public func map(_ text: String) -> String {
        text.map(map).joined()
    }
}

/// Maps the keys of one layer onto another by place: the key in row r, column c of `from`
/// (the letters) types the key in row r, column c of `to` (a symbols page), as a hardware
/// keyboard reaches the symbols layer in the terminal. Keys with no counterpart there, and
/// characters not on `from`, type themselves.
public struct LayerKeyMap: Equatable, Sendable {
    private var mapping: [String: String] = [:]

    public init(from: [[String]], to: [[String]]) {
        guard from != to else { return }
        // The character rows only: the function rows hold named keys, not places to type.
        for (source, target) in zip(from.dropLast(), to.dropLast()) {
            for (key, replacement) in zip(source, target) {
                if mapping[key] == nil { mapping[key] = replacement }
                let upper = key.uppercased()
                if upper != key, mapping[upper] == nil { mapping[upper] = replacement }
            }
        }
    }

    public func map(_ key: String) -> String {
        mapping[key] ?? key
    }
}
