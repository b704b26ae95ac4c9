import Foundation

/// An independent, deliberately naive implementation of the conversion rules
/// (docs/FFI.md, docs/PROFILES.md), read straight from the data files with
/// `JSONSerialization`: no trie, no streaming, no Rust. The typing-session fuzzer
/// compares the Rust core, fed key by key, with this converting a whole text at once.
struct ReferenceComposer {
    struct Rule {
        var output: [Unicode.Scalar]
        var pending: [Unicode.Scalar]
    }

    struct Profile {
        var rules: [[Unicode.Scalar]: Rule] = [:]
        var alphabet: Set<Unicode.Scalar> = []
        /// Capital → letter, for every letter whose uppercase is one other scalar the
        /// alphabet lacks (docs/FFI.md, "Case"); the smallest letter wins a shared capital.
        var capitals: [Unicode.Scalar: Unicode.Scalar] = [:]
        var longestInput = 0

        mutating func deriveCapitals() {
            for letter in alphabet.sorted(by: { $0.value < $1.value }) {
                let upper = Array(String(letter).uppercased().unicodeScalars)
                if upper.count == 1, upper[0] != letter, !alphabet.contains(upper[0]), capitals[upper[0]] == nil {
                    capitals[upper[0]] = letter
                }
            }
        }
    }

    private(set) var profiles: [String: Profile] = [:]

    /// Reads `profiles.json` and `japaneseKanaEngine.json` (already validated by the core).
    init(profilesJSON: String, kanaEngineJSON: String) throws {
        func object(_ value: Any?) throws -> [String: Any] {
            guard let object = value as? [String: Any] else { throw ReferenceError.shape }
            return object
        }
        let kanaRoot = try object(JSONSerialization.jsonObject(with: Data(kanaEngineJSON.utf8)))
        let profilesRoot = try object(JSONSerialization.jsonObject(with: Data(profilesJSON.utf8)))
        let inventory = try object(kanaRoot["kana"]).compactMapValues { $0 as? String }
        let ruleSets = (kanaRoot["ruleSets"] as? [String: Any]) ?? [:]
        guard let list = profilesRoot["profiles"] as? [[String: Any]] else { throw ReferenceError.shape }

        func add(_ rules: [String: Any], to profile: inout Profile) throws {
            for (input, value) in rules {
                let kanaID: String
                var pending = ""
                if let id = value as? String {
                    kanaID = id
                } else if let spec = value as? [String: Any], let id = spec["kana"] as? String {
                    kanaID = id
                    pending = (spec["pending"] as? String) ?? ""
                } else {
                    throw ReferenceError.shape
                }
                guard let kana = inventory[kanaID] else { throw ReferenceError.shape }
                let key = Array(input.unicodeScalars)
                profile.rules[key] = Rule(output: Array(kana.unicodeScalars), pending: Array(pending.unicodeScalars))
                profile.alphabet.formUnion(key)
                profile.longestInput = max(profile.longestInput, key.count)
            }
        }
        for entry in list {
            guard let id = entry["id"] as? String else { throw ReferenceError.shape }
            var profile = Profile()
            for name in (entry["ruleSets"] as? [String]) ?? [] {
                try add(object(ruleSets[name]), to: &profile)
            }
            try add(object(entry["rules"]), to: &profile)
            profile.deriveCapitals()
            profiles[id] = profile
        }
    }

    enum ReferenceError: Error { case shape }

    /// The form of a typed scalar the profile works with: itself when a rule uses it, else
    /// the letter it is the capital of, else itself (`İ` is nobody's capital: it stays).
    static func normalize(_ scalar: Unicode.Scalar, in profile: Profile) -> Unicode.Scalar {
        if profile.alphabet.contains(scalar) { return scalar }
        return profile.capitals[scalar] ?? scalar
    }

    /// The letter `first` followed by `second` makes under NFC (Foundation's), when it is a
    /// letter of the profile or the capital of one; else nil.
    static func compose(_ first: Unicode.Scalar, _ second: Unicode.Scalar, in profile: Profile) -> Unicode.Scalar? {
        let composed = Array(String(String.UnicodeScalarView([first, second])).precomposedStringWithCanonicalMapping.unicodeScalars)
        guard composed.count == 1, composed[0] != first else { return nil }
        let letter = composed[0]
        return profile.alphabet.contains(letter) || profile.capitals[letter] != nil ? letter : nil
    }

    /// The scalars of a text key as the rules see them: each scalar composed with the one
    /// before it where that makes a letter of the profile, then normalized. `pendingLast`
    /// is the last pending (already normalized) scalar, which a leading mark composes with.
    static func prepare(_ text: String, after pendingLast: Unicode.Scalar?, in profile: Profile) -> (replacesPendingLast: Bool, scalars: [Unicode.Scalar]) {
        var out: [Unicode.Scalar] = []
        var replaces = false
        for scalar in text.unicodeScalars {
            if let last = out.last, let letter = compose(last, scalar, in: profile) {
                out[out.count - 1] = letter
            } else if out.isEmpty, !replaces, let last = pendingLast, let letter = compose(last, scalar, in: profile) {
                out.append(letter)
                replaces = true
            } else if out.count == 1, replaces, let letter = compose(out[0], scalar, in: profile) {
                out[0] = letter
            } else {
                out.append(scalar)
            }
        }
        return (replaces, out.map { normalize($0, in: profile) })
    }

    /// Converts `typed` (already normalized scalars) at once, as a flush does: repeatedly
    /// apply the longest rule whose input starts the pending text, putting its `pending`
    /// back in front; a scalar no rule starts with is output as typed.
    static func convert(_ typed: [Unicode.Scalar], in profile: Profile, katakana: Bool) -> [Unicode.Scalar] {
        var pending = typed
        var output: [Unicode.Scalar] = []
        var start = 0
        while start < pending.count {
            var applied = false
            var length = min(profile.longestInput, pending.count - start)
            while length > 0 {
                if let rule = profile.rules[Array(pending[start..<(start + length)])] {
                    output += rule.output
                    pending.replaceSubrange(start..<(start + length), with: rule.pending)
                    // A requeued letter composes with a mark after it, as typed input would.
                    if !rule.pending.isEmpty {
                        let seam = start + rule.pending.count - 1
                        while seam + 1 < pending.count, let letter = compose(pending[seam], pending[seam + 1], in: profile) {
                            pending[seam] = normalize(letter, in: profile)
                            pending.remove(at: seam + 1)
                        }
                    }
                    applied = true
                    break
                }
                length -= 1
            }
            if !applied {
                output.append(pending[start])
                start += 1
            }
        }
        return katakana ? output.map(katakanaScalar) : output
    }

    /// Hiragana → katakana (a fixed offset); everything else unchanged.
    static func katakanaScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x3041...0x3096, 0x309D...0x309E: return Unicode.Scalar(scalar.value + 0x60) ?? scalar
        default: return scalar
        }
    }
}
