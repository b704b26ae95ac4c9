import CyrillicIME
import Foundation

/// The profiles the running engine offers and the one in use.
///
/// Where the choice is remembered: a keyboard extension without full access can read the
/// App Group container it shares with the app but not write it. So the choice made on the
/// keyboard goes to the extension's own store (`keyboardStore`), the app writes its choice
/// to the group (`appGroupStore`), and each store also keeps when its choice was made: the
/// newer one wins. A remembered id the engine no longer has is skipped, then the default
/// `rus_standard`, then the first profile.
public final class ProfileManager {
    /// The profile used when nothing valid is remembered.
    public static let defaultProfileID = "rus_standard"
    /// Store keys, shared with the app.
    public enum StoreKey {
        public static let profileID = "currentProfileID"
        /// When `profileID` was chosen, in seconds since 2001 (`Date.timeIntervalSinceReferenceDate`).
        public static let chosenAt = "currentProfileChosenAt"
    }

    public struct NoProfilesError: Error, Equatable, CustomStringConvertible {
        public var description: String {
            "the Rust core offers no profiles: initialise it (RustCoreEngine.initializeWithBundledResources) first"
        }
    }

    /// Every profile, in the order of profiles.json.
    public private(set) var profiles: [ProfileDescription]
    /// The profile in use.
    public private(set) var current: ProfileDescription

    private let keyboardStore: SettingsStore
    private let appGroupStore: SettingsStore?
    private let clock: () -> Date
    private var observers: [UUID: (ProfileDescription) -> Void] = [:]

    /// Loads the profiles from the running engine and picks the remembered one.
    public convenience init(
        engine: KeyboardEngine, keyboardStore: SettingsStore, appGroupStore: SettingsStore? = nil,
        clock: @escaping () -> Date = Date.init
    ) throws(NoProfilesError) {
        try self.init(profiles: engine.profiles() ?? [], keyboardStore: keyboardStore,
                      appGroupStore: appGroupStore, clock: clock)
    }

    public init(
        profiles: [ProfileDescription], keyboardStore: SettingsStore, appGroupStore: SettingsStore? = nil,
        clock: @escaping () -> Date = Date.init
    ) throws(NoProfilesError) {
        guard let first = profiles.first else { throw NoProfilesError() }
        self.profiles = profiles
        self.keyboardStore = keyboardStore
        self.appGroupStore = appGroupStore
        self.clock = clock
        current = first
        current = Self.remembered(in: profiles, stores: [keyboardStore, appGroupStore].compactMap { $0 })
    }

    /// The profile after the current one, wrapping around: what the `{profile}` key switches to.
    public var next: ProfileDescription {
        let index = profiles.firstIndex { $0.id == current.id } ?? 0
        return profiles[(index + 1) % profiles.count]
    }

    /// Makes `id` current and remembers it in the keyboard's store. Returns false (and
    /// changes nothing) for an id the engine does not have.
    @discardableResult
    public func select(_ id: String) -> Bool {
        guard let profile = profiles.first(where: { $0.id == id }) else { return false }
        keyboardStore.set(profile.id, forKey: StoreKey.profileID)
        keyboardStore.set(clock().timeIntervalSinceReferenceDate, forKey: StoreKey.chosenAt)
        setCurrent(profile)
        return true
    }

    /// The `{profile}` key: one tap to the next profile.
    public func selectNext() {
        select(next.id)
    }

    /// Reads the stores again (the keyboard is about to appear; the app may have chosen a
    /// profile meanwhile) and, when given, the engine's new list of profiles.
    public func reload(profiles newProfiles: [ProfileDescription]? = nil) {
        if let newProfiles, !newProfiles.isEmpty { profiles = newProfiles }
        setCurrent(Self.remembered(in: profiles, stores: [keyboardStore, appGroupStore].compactMap { $0 }))
    }

    /// Calls `handler` with the new profile after every change, until the returned token is
    /// cancelled or released.
    public func observe(_ handler: @escaping (ProfileDescription) -> Void) -> ProfileObservation {
        let id = UUID()
        observers[id] = handler
        return ProfileObservation { [weak self] in self?.observers[id] = nil }
    }

    private func setCurrent(_ profile: ProfileDescription) {
        guard profile != current else { return }
        current = profile
        for handler in observers.values { handler(profile) }
    }

    private static func remembered(in profiles: [ProfileDescription], stores: [SettingsStore]) -> ProfileDescription {
        // Newest choice first; on a tie (or no times at all) the keyboard's own store wins.
        let choices = stores.enumerated()
            .compactMap { index, store -> (id: String, at: Double, rank: Int)? in
                guard let id = store.string(forKey: StoreKey.profileID) else { return nil }
                return (id, store.double(forKey: StoreKey.chosenAt) ?? -.infinity, index)
            }
            .sorted { $0.at != $1.at ? $0.at > $1.at : $0.rank < $1.rank }
        for id in choices.map(\.id) + [defaultProfileID] {
            if let profile = profiles.first(where: { $0.id == id }) { return profile }
        }
        return profiles[0]
    }
}

/// Keeps a `ProfileManager` observer registered; cancelling or releasing it unregisters.
public final class ProfileObservation {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    deinit { cancel() }
}
