//! plotters' SVG backend, with text measured the same way on every target.
//!
//! plotters lays out labels by the size of their text, which it asks of the
//! font: on native targets without a font feature it estimates it from the
//! number of characters, but on WebAssembly it measures a `<span>` in the
//! page's document, which a worker does not have (and which would make the
//! page's charts differ from the CLI's). The SVG the browser draws sizes text
//! itself, so an estimate is all layout needs: this backend forwards all
//! drawing to [`SVGBackend`] and answers text sizes by estimate, the same on
//! every target, so that the CLI and the page draw byte-identical charts.

use plotters::backend::SVGBackend;
use plotters::prelude::*;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};

/// An [`SVGBackend`] writing to a string, whose text sizes are estimated.
pub(crate) struct Svg<'a>(SVGBackend<'a>);

/// The width of an average character of a sans-serif font, in ems.
const CHAR_WIDTH_EM: f64 = 0.56;

impl<'a> Svg<'a> {
    pub(crate) fn new(out: &'a mut String, size: (u32, u32)) -> Self {
        Svg(SVGBackend::with_string(out, size))
    }
}

type Result<T = (), E = std::io::Error> = std::result::Result<T, DrawingErrorKind<E>>;

impl DrawingBackend for Svg<'_> {
    type ErrorType = std::io::Error;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Result {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Result {
        self.0.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result {
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result {
        self.0.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vertices: I,
        style: &S,
    ) -> Result {
        self.0.fill_polygon(vertices, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result {
        self.0.draw_text(text, style, pos)
    }

    /// The SVG backend writes `font-size` as the style's size over 1.24.
    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32)> {
        let em = style.size() / 1.24;
        let width = em * CHAR_WIDTH_EM * text.chars().count() as f64;
        Ok((width.ceil() as u32, em.ceil() as u32))
    }
}
