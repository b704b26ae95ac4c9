@_exported import CyrillicIME

/// What the keyboard needs from the conversion engine. `RustCoreEngine` is the real one;
/// tests inject others to simulate a core that returns nothing (`nil`) or fails to convert.
///
/// The three conversion calls come in two forms, with and without the writer's typed words
/// (`TypedWords`); the keyboard calls the first. Each form has a default made of the other,
/// so an engine implements one of them: `RustCoreEngine` takes the typed words, an engine
/// that implements only the form without them never sees them.
public protocol KeyboardEngine: AnyObject {
    /// The core's answer to one key, or `nil` when it returned nothing (a caught panic).
    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult?
    /// The next form of one kana in its dakuten cycle, or `nil` when the core returned nothing.
    func cycleDakuten(_ character: String) -> DakutenResult?
    /// The profiles of the running engine, or `nil` when none is initialised.
    func profiles() -> [ProfileDescription]?
    /// Kana→kanji conversion of `reading` after `context`, with what was typed for it
    /// (docs/FFI.md, "Conversion").
    func convert(
        _ reading: String, fixedSegmentLengths: [Int], candidates: Int, alternatives: Int,
        matchingHeardSpellings: Bool, context: ConversionContext, typed: TypedWords
    ) -> Result<KanjiConversion, KanjiConversionError>
    /// Kana→kanji conversion of `reading` after `context`.
    func convert(
        _ reading: String, fixedSegmentLengths: [Int], candidates: Int, alternatives: Int,
        matchingHeardSpellings: Bool, context: ConversionContext
    ) -> Result<KanjiConversion, KanjiConversionError>
    /// Segment `index` of `conversion` made longer or shorter by `delta`, converted again
    /// with the context and typed words it was made with.
    func resizeSegment(
        of conversion: KanjiConversion, at index: Int, by delta: Int, candidates: Int, context: ConversionContext,
        typed: TypedWords
    ) -> Result<KanjiConversion, KanjiConversionError>
    /// Segment `index` of `conversion` made longer or shorter by `delta`, converted again.
    func resizeSegment(
        of conversion: KanjiConversion, at index: Int, by delta: Int, candidates: Int, context: ConversionContext
    ) -> Result<KanjiConversion, KanjiConversionError>
    /// More candidates for segment `index` of `conversion`, with the context and typed words
    /// it was made with.
    func candidates(
        forSegment index: Int, of conversion: KanjiConversion, limit: Int, context: ConversionContext, typed: TypedWords
    ) -> Result<[String], KanjiConversionError>
    /// More candidates for segment `index` of `conversion`.
    func candidates(
        forSegment index: Int, of conversion: KanjiConversion, limit: Int, context: ConversionContext
    ) -> Result<[String], KanjiConversionError>
    /// Predictions for what is composed, after `context`.
    func predictions(for reading: String, limit: Int, context: ConversionContext) -> Result<[KanjiPrediction], KanjiConversionError>
    /// The words that usually follow `context` (the bar after a commit).
    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError>
}

extension KeyboardEngine {
    /// An engine without typed words converts without them.
    public func convert(
        _ reading: String, fixedSegmentLengths: [Int], candidates: Int, alternatives: Int,
        matchingHeardSpellings: Bool, context: ConversionContext, typed: TypedWords
    ) -> Result<KanjiConversion, KanjiConversionError> {
        convert(
            reading, fixedSegmentLengths: fixedSegmentLengths, candidates: candidates, alternatives: alternatives,
            matchingHeardSpellings: matchingHeardSpellings, context: context)
    }

    /// An engine with typed words converts with none.
    public func convert(
        _ reading: String, fixedSegmentLengths: [Int], candidates: Int, alternatives: Int,
        matchingHeardSpellings: Bool, context: ConversionContext
    ) -> Result<KanjiConversion, KanjiConversionError> {
        convert(
            reading, fixedSegmentLengths: fixedSegmentLengths, candidates: candidates, alternatives: alternatives,
            matchingHeardSpellings: matchingHeardSpellings, context: context, typed: .none)
    }

    public func resizeSegment(
        of conversion: KanjiConversion, at index: Int, by delta: Int, candidates: Int, context: ConversionContext,
        typed: TypedWords
    ) -> Result<KanjiConversion, KanjiConversionError> {
        resizeSegment(of: conversion, at: index, by: delta, candidates: candidates, context: context)
    }

    public func resizeSegment(
        of conversion: KanjiConversion, at index: Int, by delta: Int, candidates: Int, context: ConversionContext
    ) -> Result<KanjiConversion, KanjiConversionError> {
        resizeSegment(of: conversion, at: index, by: delta, candidates: candidates, context: context, typed: .none)
    }

    public func candidates(
        forSegment index: Int, of conversion: KanjiConversion, limit: Int, context: ConversionContext, typed: TypedWords
    ) -> Result<[String], KanjiConversionError> {
        candidates(forSegment: index, of: conversion, limit: limit, context: context)
    }

    public func candidates(
        forSegment index: Int, of conversion: KanjiConversion, limit: Int, context: ConversionContext
    ) -> Result<[String], KanjiConversionError> {
        candidates(forSegment: index, of: conversion, limit: limit, context: context, typed: .none)
    }
}

extension RustCoreEngine: KeyboardEngine {}
