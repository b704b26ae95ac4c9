import Foundation

/// The target's resource bundle: it holds only the privacy manifest (PrivacyInfo.xcprivacy),
/// which Xcode reads from the built bundle; the tests check it is there.
enum KeyboardResources {
    static var bundle: Bundle { .module }
}
