@_exported import CyrillicIME

/// What the keyboard needs from the conversion engine. `RustCoreEngine` is the real one;
/// tests inject others to simulate a core that returns nothing (`nil`) or fails to convert.
public protocol KeyboardEngine: AnyObject {
    /// The core's answer to one key, or `nil` when it returned nothing (a caught panic).
    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult?
    /// The next form of one kana in its dakuten cycle, or `nil` when the core returned nothing.
    func cycleDakuten(_ character: String) -> DakutenResult?
    /// The profiles of the running engine, or `nil` when none is initialised.
    func profiles() -> [ProfileDescription]?
    /// Kana→kanji conversion of `reading` after `context` (docs/FFI.md, "Conversion").
    func convert(
        _ reading: String, fixedSegmentLengths: [Int], candidates: Int, alternatives: Int,
        matchingHeardSpellings: Bool, context: ConversionContext
    ) -> Result<KanjiConversion, KanjiConversionError>
    /// Segment `index` of `conversion` made longer or shorter by `delta`, converted again.
    func resizeSegment(
        of conversion: KanjiConversion, at index: Int, by delta: Int, candidates: Int, context: ConversionContext
    ) -> Result<KanjiConversion, KanjiConversionError>
    /// More candidates for segment `index` of `conversion`.
    func candidates(
        forSegment index: Int, of conversion: KanjiConversion, limit: Int, context: ConversionContext
    ) -> Result<[String], KanjiConversionError>
    /// Predictions for what is composed, after `context`.
    func predictions(for reading: String, limit: Int, context: ConversionContext) -> Result<[KanjiPrediction], KanjiConversionError>
    /// The words that usually follow `context` (the bar after a commit).
    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError>
}

extension RustCoreEngine: KeyboardEngine {}
