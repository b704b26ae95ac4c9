import CyrillicIME
import Foundation

/// A small key–value store for the keyboard's settings: `UserDefaults` on device
/// (`UserDefaultsSettingsStore`), `InMemorySettingsStore` in tests.
public protocol SettingsStore: AnyObject {
    func string(forKey key: String) -> String?
    func double(forKey key: String) -> Double?
    func set(_ value: String, forKey key: String)
    func set(_ value: Double, forKey key: String)
}

/// Settings kept in a `UserDefaults` domain. On device the keyboard uses two: its own
/// (`UserDefaults.standard` in the extension, always writable) and the App Group suite it
/// shares with the app (`UserDefaults(suiteName: "group.…")`), which a keyboard without
/// full access can read but not write.
public final class UserDefaultsSettingsStore: SettingsStore {
    private let defaults: UserDefaults

    public init(_ defaults: UserDefaults) {
        self.defaults = defaults
    }

    public func string(forKey key: String) -> String? { defaults.string(forKey: key) }
    public func double(forKey key: String) -> Double? {
        // `UserDefaults.double(forKey:)` answers 0 for a missing key; missing must stay missing.
        (defaults.object(forKey: key) as? NSNumber)?.doubleValue
    }
    public func set(_ value: String, forKey key: String) { defaults.set(value, forKey: key) }
    public func set(_ value: Double, forKey key: String) { defaults.set(value, forKey: key) }
}
