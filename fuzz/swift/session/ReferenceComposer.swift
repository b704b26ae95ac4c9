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
        var longestInput = 0
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
            profiles[id] = profile
        }
    }

    enum ReferenceError: Error { case shape }

    /// The form of a typed scalar the profile works with: itself when a rule uses it, else
    /// its lowercase when that is one scalar a rule uses, else itself.
    static func normalize(_ scalar: Unicode.Scalar, in profile: Profile) -> Unicode.Scalar {
        if profile.alphabet.contains(scalar) { return scalar }
        let lower = Array(String(scalar).lowercased().unicodeScalars)
        if lower.count == 1, profile.alphabet.contains(lower[0]) { return lower[0] }
        return scalar
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
