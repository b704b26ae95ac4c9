import CyrillicIMEKeyboard
import Foundation

/// Settings in memory. `isReadOnly` models the App Group container seen from a keyboard
/// without full access: writes are silently dropped, as they are on device.
public final class InMemorySettingsStore: SettingsStore {
    public private(set) var values: [String: Any] = [:]
    public var isReadOnly: Bool

    public init(_ values: [String: Any] = [:], isReadOnly: Bool = false) {
        self.values = values
        self.isReadOnly = isReadOnly
    }

    public func string(forKey key: String) -> String? { values[key] as? String }
    public func double(forKey key: String) -> Double? { values[key] as? Double }
    public func set(_ value: String, forKey key: String) { if !isReadOnly { values[key] = value } }
    public func set(_ value: Double, forKey key: String) { if !isReadOnly { values[key] = value } }
}
