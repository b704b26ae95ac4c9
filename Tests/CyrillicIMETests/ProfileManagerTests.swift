import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Which profile is current, where the choice is kept, and who is told.
final class ProfileManagerTests: BundledEngineTestCase {
    private typealias Key = ProfileManager.StoreKey



    /// Three profiles built from the bundled one, so the tests do not depend on which
    /// profiles profiles.json holds.
    private func sampleProfiles(including standard: Bool = true) throws -> [ProfileDescription] {
        let base = try XCTUnwrap(RustCoreEngine.shared.profiles()?.first { $0.id == standardProfile })
        let others = ["srp_test", "ukr_test"].map { id -> ProfileDescription in
            var profile = base
            profile.id = id
            return profile
        }
        return standard ? [base] + others : others
    }

    func testLoadsTheRunningEnginesProfilesAndDefaultsToRussian() throws {
        let manager = try ProfileManager(engine: RustCoreEngine.shared, keyboardStore: InMemorySettingsStore())
        // The bundled profiles.json, in its order (docs/PROFILES.md), named here rather than
        // read back from the engine the manager wraps.
        XCTAssertEqual(manager.profiles.map(\.id), ["rus_standard", "srp", "ukr", "bel", "bul", "romaji"])
        XCTAssertEqual(manager.current.id, "rus_standard", "a fresh keyboard starts in Russian (Polivanov)")
        XCTAssertEqual(manager.current.rows.dropFirst().first?.first, "й", "…with the Russian letters")
        // Russian wherever it stands in the list.
        let reordered = try ProfileManager(profiles: sampleProfiles().reversed(), keyboardStore: InMemorySettingsStore())
        XCTAssertEqual(reordered.profiles.first?.id, "ukr_test")
        XCTAssertEqual(reordered.current.id, "rus_standard")
    }

    func testNoProfilesIsAClearError() {
        XCTAssertThrowsError(try ProfileManager(profiles: [], keyboardStore: InMemorySettingsStore())) { error in
            XCTAssertTrue("\(error)".contains("no profiles"), "\(error)")
        }
    }

    func testTheChoiceIsRememberedInTheKeyboardsStore() throws {
        let store = InMemorySettingsStore()
        let manager = try ProfileManager(profiles: sampleProfiles(), keyboardStore: store, clock: { Date(timeIntervalSinceReferenceDate: 100) })
        XCTAssertTrue(manager.select("ukr_test"))
        XCTAssertEqual(store.string(forKey: Key.profileID), "ukr_test")
        XCTAssertEqual(store.double(forKey: Key.chosenAt), 100)

        let reopened = try ProfileManager(profiles: sampleProfiles(), keyboardStore: store)
        XCTAssertEqual(reopened.current.id, "ukr_test")
    }

    func testAnUnknownIdIsRefusedAndChangesNothing() throws {
        let store = InMemorySettingsStore()
        let manager = try ProfileManager(profiles: sampleProfiles(), keyboardStore: store)
        XCTAssertFalse(manager.select("klingon"))
        XCTAssertEqual(manager.current.id, standardProfile)
        XCTAssertNil(store.string(forKey: Key.profileID))
    }

    func testARememberedProfileThatNoLongerExistsFallsBack() throws {
        let store = InMemorySettingsStore([Key.profileID: "srp_removed"])
        XCTAssertEqual(try ProfileManager(profiles: sampleProfiles(), keyboardStore: store).current.id, standardProfile)
        // Without rus_standard either: the first profile.
        XCTAssertEqual(try ProfileManager(profiles: sampleProfiles(including: false), keyboardStore: store).current.id, "srp_test")
    }

    func testTheNewerChoiceOfKeyboardAndAppWins() throws {
        let keyboardStore = InMemorySettingsStore([Key.profileID: "srp_test", Key.chosenAt: 10.0])
        let appGroup = InMemorySettingsStore([Key.profileID: "ukr_test", Key.chosenAt: 20.0], isReadOnly: true)
        let manager = try ProfileManager(profiles: sampleProfiles(), keyboardStore: keyboardStore, appGroupStore: appGroup,
                                         clock: { Date(timeIntervalSinceReferenceDate: 30) })
        XCTAssertEqual(manager.current.id, "ukr_test", "the app chose later")

        manager.select("srp_test")
        XCTAssertEqual(appGroup.string(forKey: Key.profileID), "ukr_test", "the keyboard never writes the group")
        manager.reload()
        XCTAssertEqual(manager.current.id, "srp_test", "the keyboard chose later")

        // The app chooses again while the keyboard is hidden; the keyboard sees it on appearing.
        appGroup.isReadOnly = false
        appGroup.set(standardProfile, forKey: Key.profileID)
        appGroup.set(40.0, forKey: Key.chosenAt)
        manager.reload()
        XCTAssertEqual(manager.current.id, standardProfile)
    }

    func testAppGroupChoiceWithoutTimeStillCountsWhenTheKeyboardHasNone() throws {
        let appGroup = InMemorySettingsStore([Key.profileID: "ukr_test"], isReadOnly: true)
        let manager = try ProfileManager(profiles: sampleProfiles(), keyboardStore: InMemorySettingsStore(), appGroupStore: appGroup)
        XCTAssertEqual(manager.current.id, "ukr_test")
    }

    func testObserversHearEveryChangeAndOnlyChanges() throws {
        let manager = try ProfileManager(profiles: sampleProfiles(), keyboardStore: InMemorySettingsStore())
        var heard: [String] = []
        let observation = manager.observe { heard.append($0.id) }
        manager.select("srp_test")
        manager.select("srp_test")
        manager.selectNext()
        XCTAssertEqual(heard, ["srp_test", "ukr_test"])
        observation.cancel()
        manager.selectNext()
        XCTAssertEqual(heard, ["srp_test", "ukr_test"])

        var released: [String] = []
        do {
            let temporary = manager.observe { released.append($0.id) }
            _ = temporary
        }
        manager.selectNext()
        XCTAssertEqual(released, [], "a released observation hears nothing")
    }

    func testEveryProfileIsAtMostTwoTapsAway() throws {
        let profiles = try sampleProfiles()
        let manager = try ProfileManager(profiles: profiles, keyboardStore: InMemorySettingsStore())
        // One tap: the next profile, wrapping around.
        var order: [String] = []
        for _ in profiles {
            manager.selectNext()
            order.append(manager.current.id)
        }
        XCTAssertEqual(order, ["srp_test", "ukr_test", standardProfile])
        // Two taps: touch and hold the profile key, tap a name in the list.
        for profile in profiles.reversed() {
            XCTAssertTrue(manager.select(profile.id))
            XCTAssertEqual(manager.current.id, profile.id)
        }
    }

    func testReloadWithFewerProfilesFallsBack() throws {
        let manager = try ProfileManager(profiles: sampleProfiles(), keyboardStore: InMemorySettingsStore())
        manager.select("ukr_test")
        try manager.reload(profiles: sampleProfiles().filter { $0.id != "ukr_test" })
        XCTAssertEqual(manager.current.id, standardProfile)
    }

    func testUserDefaultsStoreKeepsMissingValuesMissing() throws {
        let suite = "CyrillicIMETests.\(UUID().uuidString)"
        let defaults = try XCTUnwrap(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsSettingsStore(defaults)
        XCTAssertNil(store.double(forKey: Key.chosenAt), "not 0")
        XCTAssertNil(store.string(forKey: Key.profileID))
        store.set("srp_test", forKey: Key.profileID)
        store.set(12.5, forKey: Key.chosenAt)
        XCTAssertEqual(store.string(forKey: Key.profileID), "srp_test")
        XCTAssertEqual(store.double(forKey: Key.chosenAt), 12.5)
    }

    func testKeyboardSettingsReadThePendingInputStyle() {
        XCTAssertEqual(KeyboardSettings(stores: []).pendingInputStyle, .marked)
        let inline = InMemorySettingsStore([KeyboardSettings.StoreKey.pendingInputStyle: "inline"])
        XCTAssertEqual(KeyboardSettings(stores: [inline]).pendingInputStyle, .inline)
        let garbage = InMemorySettingsStore([KeyboardSettings.StoreKey.pendingInputStyle: "sideways"])
        XCTAssertEqual(KeyboardSettings(stores: [garbage, inline]).pendingInputStyle, .marked,
                       "the first store that says something decides; nonsense means the default")
    }
}
