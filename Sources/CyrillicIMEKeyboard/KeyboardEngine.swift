@_exported import CyrillicIME
/// What the keyboard needs from the conversion engine. `RustCoreEngine` is the real one;
/// tests inject others to simulate a core that returns nothing (`nil`).
public protocol KeyboardEngine: AnyObject {
    /// The core's answer to one key, or `nil` when it returned nothing (a caught panic).
    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult?
    /// The next form of one kana in its dakuten cycle, or `nil` when the core returned nothing.
    func cycleDakuten(_ character: String) -> DakutenResult?
    /// The profiles of the running engine, or `nil` when none is initialised.
    func profiles() -> [ProfileDescription]?
}

extension RustCoreEngine: KeyboardEngine {}
